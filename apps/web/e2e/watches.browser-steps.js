'use strict';
/**
 * The Watches page in Chromium, a step of the dashboard's browser test (same stack, same
 * signed-in account with test credit): a watch is created from the form (a blank brief and too
 * many reels per run refused beside their fields first) with its reels per run and order, run
 * now as a job whose new reels are drawn with the playground's scan cards, then paused, resumed
 * and deleted after its confirmation.
 */
/* global document -- in page.waitForFunction() */
const assert = require('node:assert/strict');

const BRIEF = 'latte art for beginners';
/** Reels each run of the watch considers (the form's limit). */
const PER_RUN = 3;

function watchSteps({ step, state, shot, heading, assertNoStackTrace }) {
  step(
    'watches-page',
    'watches: create a watch, run it now and see its reel cards, pause, resume and delete it',
    ['test-credit'],
    async () => {
      const { page } = state;
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await nav.getByRole('link', { name: 'Watches' }).click();
      await heading(page, 'Watches');
      await page.getByText('No watches yet').waitFor();
      assert.equal(await page.getByRole('radio', { name: 'Test' }).isChecked(), true);

      // A blank brief: the API's refusal shows beside the field it names.
      const form = page.locator('form').filter({ has: page.getByLabel('Brief') });
      await page.getByLabel('Brief').fill('   ');
      await form.getByRole('button', { name: 'Create watch' }).click();
      await form.locator('.field-error').first().waitFor();

      // More reels per run than a scan returns: refused beside that field, nothing created.
      const reelsPerRun = page.getByLabel('Reels per run (optional)');
      await page.getByLabel('Brief').fill(BRIEF);
      await reelsPerRun.fill('25');
      await form.getByRole('button', { name: 'Create watch' }).click();
      await form.locator('.field').filter({ has: reelsPerRun }).locator('.field-error').waitFor();
      await page.getByText('No watches yet').waitFor();

      await reelsPerRun.fill(String(PER_RUN));
      await page.getByLabel('Runs').selectOption('hourly');
      await page.getByLabel('Order').selectOption('outlier');
      await page.getByLabel('Minimum outlier score (optional)').fill('');
      await form.getByRole('button', { name: 'Create watch' }).click();
      await page.getByText(`Watch “${BRIEF}” created.`).waitFor();
      const row = page.locator('[data-testid="watches-table"] tbody tr').first();
      await row.waitFor();
      const id = await row.getAttribute('data-watch-id');
      assert.match(id, /^[0-9a-f-]{36}$/);
      const created = await row.innerText();
      assert.ok(created.includes(BRIEF) && created.includes('hourly'), created);
      assert.ok(created.includes(`up to ${PER_RUN} reels, by outlier score`), created);
      assert.match(created, /active/);
      assert.match(created, /never/);

      // Run now: a job of the account, followed until it ends, its reels as the playground's cards.
      const rowOf = (status) =>
        page.locator(
          `[data-testid="watches-table"] tr[data-watch-id="${id}"][data-status="${status}"]`,
        );
      await page.getByRole('button', { name: `Run watch “${BRIEF}” now` }).click();
      const run = page.getByTestId('watch-run');
      await run.locator('[data-testid="watch-run-status"][data-status="succeeded"]').waitFor({
        timeout: 60_000,
      });
      const cards = run.getByTestId('pg-reel');
      await cards.first().waitFor();
      const count = await cards.count();
      assert.ok(count > 0 && count <= PER_RUN, `reel cards: ${count}`);
      const sources = await run
        .locator('[data-testid="pg-reel"] img')
        .evaluateAll((images) => images.map((img) => img.getAttribute('src')));
      for (const src of sources)
        assert.match(src, /^\/account\/jobs\/job_[0-9a-f]{32}\/media\/cover\/\d+\?mode=test$/);
      await page.waitForFunction(
        (css) =>
          [...document.querySelectorAll(css)].every((img) => img.complete && img.naturalWidth > 0),
        '[data-testid="watch-run"] [data-testid="pg-reel"] img',
        { timeout: 30_000 },
      );
      // The list learns the run's new-reel count once the run has ended.
      await page
        .locator(`tr[data-watch-id="${id}"] [data-testid="watch-new-reels"]`)
        .getByText(String(count), { exact: true })
        .waitFor();
      await shot(page, 'watches-run-desktop');

      await page.getByRole('button', { name: `Pause watch “${BRIEF}”` }).click();
      await rowOf('paused').waitFor();
      assert.match(await rowOf('paused').innerText(), /not scheduled/);
      await page.getByRole('button', { name: `Resume watch “${BRIEF}”` }).click();
      await rowOf('active').waitFor();
      await page.getByRole('button', { name: `Pause watch “${BRIEF}”` }).click();
      await rowOf('paused').waitFor();

      // Delete asks first; keeping it changes nothing.
      await page.getByRole('button', { name: `Delete watch “${BRIEF}”` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this watch?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await rowOf('paused').count(), 1);
      await page.getByRole('button', { name: `Delete watch “${BRIEF}”` }).click();
      await dialog.getByRole('button', { name: 'Delete watch' }).click();
      await page.getByText(`Watch “${BRIEF}” deleted.`).waitFor();
      await page.getByText('No watches yet').waitFor();
      await assertNoStackTrace(page);
    },
    120_000,
  );
}

module.exports = { watchSteps };

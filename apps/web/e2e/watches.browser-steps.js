'use strict';
/**
 * The Watches page in Chromium, a step of the dashboard's browser test (same stack, same
 * signed-in account with test credit): a watch is created from the form (a blank brief and too
 * many reels per run refused beside their fields first) with its reels per run and order, run
 * now as a job whose new reels are drawn with the playground's scan cards, then paused, resumed
 * and deleted after its confirmation. Then a creator watch: made from the same form (a handle
 * without its market refused first), run from its own page, whose follower chart and posts with
 * outlier badges show in English and in simplified Chinese.
 */
/* global document -- in page.waitForFunction() */
const assert = require('node:assert/strict');

const BRIEF = 'latte art for beginners';
/** Reels each run of the watch considers (the form's limit). */
const PER_RUN = 3;
/** A sandbox creator (docs/test-mode.md, "Creators"): a post a day, every fifth an outlier. */
const CREATOR = '@brewwithmaya';

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

  step(
    'watches-creator',
    'watches: create a creator watch, run it from its page: the follower chart and posts with outlier badges, in English and Chinese',
    ['test-credit'],
    async () => {
      const { page } = state;
      await page.goto('/watches');
      await heading(page, 'Watches');
      const form = page.locator('form').filter({ has: page.getByLabel('Kind') });
      await page.getByLabel('Kind').selectOption('creator');
      // A handle without its market: the API's refusal shows beside the market.
      await page.getByLabel('Creator (profile link or @handle)').fill(CREATOR);
      await form.getByRole('button', { name: 'Create watch' }).click();
      await form
        .locator('.field')
        .filter({ has: page.getByLabel('Market') })
        .locator('.field-error')
        .waitFor();
      await page.getByLabel('Market').selectOption('network_a');
      await page.getByLabel('Outlier at (× median, optional)').fill('2.5');
      await form.getByRole('button', { name: 'Create watch' }).click();
      await page.getByText(`Watch “${CREATOR}” created.`).waitFor();
      const row = page.locator('[data-testid="watches-table"] tbody tr').first();
      assert.match(await row.innerText(), /outliers at 2\.5× median/);
      const id = await row.getAttribute('data-watch-id');

      await page.getByRole('link', { name: `Open creator watch “${CREATOR}”` }).click();
      await heading(page, CREATOR);
      await page.getByText('No snapshots yet').waitFor();
      await page.getByRole('button', { name: 'Run now' }).click();
      await page.getByTestId('follower-chart').waitFor({ timeout: 30_000 });
      const posts = page.locator('[data-testid="creator-posts"] tbody tr');
      await posts.first().waitFor();
      assert.equal(await posts.count(), 20);
      // The oldest five of a first run have no baseline; every fifth post of the schedule is
      // an outlier, so the other fifteen hold some.
      assert.equal(await page.getByText('fewer than 5 posts known').count(), 5);
      const badges = await page.getByTestId('outlier-badge').count();
      assert.ok(badges >= 2 && badges <= 4, `outlier badges: ${badges}`);
      assert.equal(
        await page.locator('[data-testid="creator-posts"] tr[data-outlier="true"]').count(),
        badges,
      );
      await shot(page, 'creator-watch-desktop');

      // The same page in simplified Chinese, in a window of the same session.
      const url = new URL(state.stack.webUrl);
      const context = await state.browser.newContext({
        baseURL: state.stack.webUrl,
        viewport: { width: 1280, height: 800 },
      });
      try {
        const session = (await page.context().cookies()).filter((c) => c.name !== 'NEXT_LOCALE');
        await context.addCookies([
          ...session,
          {
            name: 'NEXT_LOCALE',
            value: 'zh-Hans',
            domain: url.hostname,
            path: '/',
            sameSite: 'Lax',
          },
        ]);
        const zh = await context.newPage();
        zh.on('pageerror', (error) => state.pageErrors.push(`${zh.url()}: ${error.message}`));
        await zh.goto(`/watches/${id}?mode=test`);
        await heading(zh, CREATOR);
        await zh.getByRole('heading', { name: '粉丝' }).waitFor();
        await zh.getByRole('heading', { name: '作品（最新在前）' }).waitFor();
        await zh.getByTestId('follower-chart').waitFor();
        assert.equal(await zh.getByTestId('outlier-badge').count(), badges);
        await zh.getByTestId('outlier-badge').first().getByText('爆款').waitFor();
        await shot(zh, 'creator-watch-zh-hans');
        await assertNoStackTrace(zh);
      } finally {
        await context.close();
      }

      await page.goto('/watches');
      await page.getByRole('button', { name: `Delete watch “${CREATOR}”` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this watch?' });
      await dialog.getByRole('button', { name: 'Delete watch' }).click();
      await page.getByText(`Watch “${CREATOR}” deleted.`).waitFor();
      await assertNoStackTrace(page);
    },
    120_000,
  );
}

module.exports = { watchSteps };

'use strict';
/**
 * The playground in Chromium, as steps of the dashboard's browser test (same stack,
 * same signed-in account with test credit): each operation in test mode — the form, the progress
 * (the job's own), the result as pictures (reel cards = reels, one loaded frame per scene, playable
 * previews), its code, cost and duration, and its usage row with source `dashboard`; the live-mode
 * confirmation; keyboard tabs; no horizontal scroll at 390 px. Prints (does not assert) the page's
 * time to interactive and the layout shift while results arrive. Screenshots of each result view
 * at desktop and phone width go to docs/screenshots/playground-<op>-<desktop|phone>.png.
 */
/* global document, window, performance, PerformanceObserver -- in page.evaluate() */
const assert = require('node:assert/strict');
const { playgroundResultSteps } = require('./playground-results.browser-steps');
const { playgroundKit } = require('./playground.browser-kit');

function playgroundSteps(context) {
  const { step, state, heading, assertNoStackTrace } = context;
  const kit = playgroundKit(context);
  const {
    pg,
    openPlayground,
    selectOperation,
    shownJob,
    finished,
    runAndWait,
    assertProgress,
    assertCostAndCode,
    shootResult,
    imagesLoaded,
    watchJobs,
  } = kit;

  step(
    'pg-open',
    'playground: in the nav, test mode by default, live asks first with the prices; keyboard tabs',
    ['test-credit'],
    async () => {
      const { page } = state;
      await openPlayground(page);
      // Time to interactive: a fresh load until the page's own mark (after hydration).
      await page.goto('/playground');
      const timing = await page.evaluate(async () => {
        const deadline = Date.now() + 30_000;
        let mark;
        while (!(mark = performance.getEntriesByName('playground-interactive')[0])) {
          if (Date.now() > deadline) throw new Error('the playground never marked itself ready');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const nav = performance.getEntriesByType('navigation')[0];
        return { interactive: mark.startTime, domContentLoaded: nav.domContentLoadedEventEnd };
      });
      console.log(
        `[perf] playground page: interactive after ${Math.round(timing.interactive)} ms ` +
          `(DOMContentLoaded ${Math.round(timing.domContentLoaded)} ms)`,
      );
      await heading(page, 'Playground');
      assert.equal(await page.getByRole('radio', { name: 'Test' }).isChecked(), true);

      // Live asks first and shows the prices; staying keeps test mode.
      await page.getByRole('radio', { name: 'Live' }).click();
      const dialog = page.getByRole('dialog', { name: 'Switch to live mode?' });
      await dialog.waitFor();
      const text = await dialog.innerText();
      for (const price of ['$0.010000', '$0.150000', '$0.200000', '$0.250000'])
        assert.ok(text.includes(price), `${price} missing from: ${text}`);
      await dialog.getByRole('button', { name: 'Stay in test mode' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await page.getByRole('radio', { name: 'Test' }).isChecked(), true);

      // The operation tabs follow the arrow keys.
      const scan = page.getByRole('tab', { name: 'Scan', exact: true });
      assert.equal(await scan.getAttribute('aria-selected'), 'true');
      await scan.focus();
      await page.keyboard.press('ArrowRight');
      const playbook = page.getByRole('tab', { name: 'Playbook', exact: true });
      assert.equal(await playbook.getAttribute('aria-selected'), 'true');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Playbook');
      await page.keyboard.press('Home');
      assert.equal(
        await page.getByRole('tab', { name: 'Assist', exact: true }).getAttribute('aria-selected'),
        'true',
      );
      // A missing field is refused beside it, before anything is sent.
      await page.getByTestId('pg-run').click();
      await page.getByText('Fill this in.').waitFor();
      assert.equal(await page.getByLabel('Message').getAttribute('aria-invalid'), 'true');

      // In live mode a run shows its price and asks before it starts; "Not now" sends nothing.
      await page.getByRole('radio', { name: 'Live' }).click();
      await dialog.getByRole('button', { name: 'Use live mode' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await page.getByRole('radio', { name: 'Live' }).isChecked(), true);
      await page.getByLabel('Message').fill('hello');
      const runLive = page.getByTestId('pg-run');
      assert.equal((await runLive.innerText()).trim(), 'Run live for $0.010000');
      const posts = [];
      const onRequest = (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/account/jobs')
          posts.push(request.url());
      };
      page.on('request', onRequest);
      await runLive.click();
      const confirm = page.getByRole('dialog', { name: 'Run Assist in live mode?' });
      await confirm.waitFor();
      assert.ok((await confirm.innerText()).includes('$0.010000'));
      await confirm.getByRole('button', { name: 'Not now' }).click();
      await confirm.waitFor({ state: 'hidden' });
      page.off('request', onRequest);
      assert.deepEqual(posts, [], 'a live run was sent without confirmation');
      assert.equal(await page.getByTestId('pg-status').getAttribute('data-status'), 'idle');
      await page.getByRole('radio', { name: 'Test' }).check();
      await page.getByLabel('Message').fill('');
      await assertNoStackTrace(page);
    },
  );

  step(
    'pg-assist',
    'playground assist: a chat transcript with the decision and the query; "run this scan" runs it',
    ['pg-open'],
    async () => {
      const { page } = state;
      const watcher = watchJobs(page);
      await selectOperation(page, 'Assist');
      await page.getByLabel('Message').fill('find reels for my dog food brand');
      const job = await runAndWait(page, page.getByTestId('pg-run'));
      await assertProgress(page, watcher, job);
      assert.equal(job.result.intent, 'scan');
      const agent = page.locator('[data-testid="pg-chat"] li[data-role="agent"]').last();
      assert.equal(await agent.getAttribute('data-intent'), 'scan');
      assert.match(await agent.innerText(), /Decision:\s*scan/);
      assert.equal(
        (await page.getByTestId('pg-assist-query').innerText()).trim(),
        job.result.query,
      );
      await assertCostAndCode(page, job, 'assist', [
        '"message":"find reels for my dog food brand"',
      ]);

      // A follow-up sends the conversation as history.
      await page.getByLabel('Message').fill('same but for cats');
      const followUp = await runAndWait(page, page.getByTestId('pg-run'));
      await page.locator('[data-testid="pg-chat"] li[data-role="agent"]').nth(1).waitFor();
      assert.equal(followUp.result.intent, 'scan');
      assert.match(followUp.result.query, /cat/);
      pg.assist = followUp;
      await shootResult(page, 'assist', async () => {
        await page.locator('[data-testid="pg-chat"] li').nth(3).waitFor();
      });

      // "Run this scan" fills the scan form with the query and runs it.
      const scan = await runAndWait(page, page.getByRole('button', { name: 'Run this scan' }));
      assert.equal(
        await page.getByRole('tab', { name: 'Scan', exact: true }).getAttribute('aria-selected'),
        'true',
      );
      assert.equal(await page.getByLabel('Brief').inputValue(), followUp.result.query);
      assert.equal(scan.operation, 'scan');
      watcher.stop();
    },
  );

  step(
    'pg-scan',
    'playground scan: a grid of reel cards (one per reel) with covers from our media route, sortable',
    ['pg-open'],
    async () => {
      const { page } = state;
      const watcher = watchJobs(page);
      await selectOperation(page, 'Scan');
      await page.getByLabel('Brief').fill('home espresso tips for beginners');
      await page.getByLabel('Reels (1–20)').fill('6');
      await page.getByTestId('pg-price').getByText('$0.045000').waitFor();
      // Layout shift while the result and its covers arrive (printed, not asserted).
      await page.evaluate(() => {
        window.__pgShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (!entry.hadRecentInput) window.__pgShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: false });
      });
      const job = await runAndWait(page, page.getByTestId('pg-run'));
      await assertProgress(page, watcher, job);
      watcher.stop();
      const reels = job.result.reels;
      assert.ok(reels.length > 0 && reels.length <= 6, `reels: ${reels.length}`);
      const cards = page.getByTestId('pg-reel');
      assert.equal(await cards.count(), reels.length);
      // Covers come from our media route, never the provider's CDN.
      const sources = await page
        .locator('[data-testid="pg-reel"] img')
        .evaluateAll((images) => images.map((img) => img.getAttribute('src')));
      assert.equal(sources.length, reels.filter((reel) => reel.coverUrl).length);
      for (const src of sources)
        assert.match(src, new RegExp(`^/account/jobs/${job.id}/media/cover/\\d+\\?mode=test$`));
      await imagesLoaded(page, '[data-testid="pg-reel"] img');
      const shift = await page.evaluate(() => window.__pgShift);
      console.log(
        `[perf] playground scan: layout shift while the result arrived ${shift.toFixed(4)}`,
      );

      const first = await cards.first().innerText();
      assert.ok(first.includes('Views') && first.includes('Likes') && first.includes('Posted'));
      assert.match(first, /Relevance \d+(\.\d+)?\/10/);
      assert.equal(
        await cards
          .first()
          .getByRole('link', { name: /^Open the reel by/ })
          .getAttribute('href'),
        reels[0].url,
      );
      // Sort by relevance: the best score first.
      await page.getByRole('radio', { name: 'Relevance' }).check();
      await page.locator('[data-testid="pg-reels"][data-sort="relevance"]').waitFor();
      const best = Math.max(...reels.map((reel) => reel.relevance?.score ?? -1));
      assert.ok(
        (await cards.first().innerText()).includes(`Relevance ${best}/10`),
        `the first card is not the most relevant (${best})`,
      );
      await page.getByRole('radio', { name: 'Traction' }).check();
      await assertCostAndCode(page, job, 'scan', ['"limit":6', '"query":"home espresso tips']);
      assert.equal(job.billing.charged_usd, (reels.length * 0.0075).toFixed(6));
      pg.scan = job;
      await shootResult(page, 'scan', () => imagesLoaded(page, '[data-testid="pg-reel"] img'));
      await assertNoStackTrace(page);
    },
  );

  step(
    'pg-cancel',
    'playground: a running run is canceled from its cancel button, nothing charged',
    ['pg-open'],
    async () => {
      const { page } = state;
      await selectOperation(page, 'Scan');
      // sandbox-slow stalls the provider far longer than this step: only the cancel ends it.
      await page.getByLabel('Brief').fill('coffee sandbox-slow');
      const before = await shownJob(page);
      await page.getByTestId('pg-run').click();
      await page.locator('[data-testid="pg-status"][data-status="running"]').waitFor();
      await page.getByRole('button', { name: 'Cancel run' }).click();
      const job = await finished(page, before, 'canceled', 30_000);
      assert.equal(job.status, 'canceled');
      assert.equal(job.billing.charged_usd, '0.000000');
      await page.getByTestId('pg-status').getByText('Canceled', { exact: true }).waitFor();
      assert.equal((await page.getByTestId('pg-cost').innerText()).trim(), '$0.000000');
    },
  );

  playgroundResultSteps(context, kit);
}

module.exports = { playgroundSteps };

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
/* global document, window, performance, PerformanceObserver, navigator -- in page.evaluate() */
const assert = require('node:assert/strict');
const fs = require('node:fs');

/** Job objects the page read while a run went on (POST and polls), by job id. */
function watchJobs(page) {
  const seen = new Map();
  const listener = async (response) => {
    const url = new URL(response.url());
    if (!/^\/account\/jobs(\/job_[0-9a-f]+)?$/.test(url.pathname)) return;
    if (response.request().method() === 'GET' && !url.pathname.includes('/job_')) return;
    try {
      const job = await response.json();
      if (job?.object !== 'job') return;
      const list = seen.get(job.id) ?? [];
      list.push({ status: job.status, progress: job.progress });
      seen.set(job.id, list);
    } catch {
      // not JSON (a media file): not a job
    }
  };
  page.on('response', listener);
  return { seen, stop: () => page.off('response', listener) };
}

/**
 * @param {object} t the dashboard test's helpers: step, state, shot, heading, assertNoStackTrace,
 *   DESKTOP, PHONE
 */
function playgroundSteps({ step, state, shot, heading, assertNoStackTrace, DESKTOP, PHONE }) {
  const RUN_TIMEOUT = 240_000;
  const pg = {};

  async function openPlayground(page) {
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Playground' })
      .click();
    await heading(page, 'Playground');
  }

  async function selectOperation(page, label) {
    const tab = page.getByRole('tab', { name: label, exact: true });
    await tab.click();
    assert.equal(await tab.getAttribute('aria-selected'), 'true');
  }

  /** The job id the current operation's result shows (null before its first run). */
  const shownJob = (page) => page.getByTestId('pg-result').getAttribute('data-job-id');

  /**
   * Waits for the current operation's run (a job other than `before`) to end with `status`;
   * returns the job as the API answers it.
   */
  async function finished(page, before, status = 'succeeded', timeout = RUN_TIMEOUT) {
    const handle = await page.waitForFunction(
      ([previous, wanted]) => {
        const result = document.querySelector('[data-testid="pg-result"]');
        const id = result?.getAttribute('data-job-id');
        return id && id !== previous && result.getAttribute('data-status') === wanted ? id : null;
      },
      [before, status],
      { timeout, polling: 100 },
    );
    const id = await handle.jsonValue();
    assert.match(id ?? '', /^job_[0-9a-f]{32}$/);
    const response = await page.request.get(`/account/jobs/${id}?mode=test`);
    assert.equal(response.status(), 200);
    return response.json();
  }

  /** Clicks `button` (a run) and waits for that run's job to end. */
  async function runAndWait(page, button) {
    const before = await shownJob(page);
    await button.click();
    return finished(page, before);
  }

  /** The run's progress: the bar, and job objects read with status and progress. */
  async function assertProgress(page, watcher, job) {
    const bar = page.getByTestId('pg-progress');
    await bar.waitFor();
    assert.match((await bar.getAttribute('aria-label')) ?? '', /^Progress of the \w+ run$/);
    assert.equal(await bar.getAttribute('value'), '100');
    const seen = watcher.seen.get(job.id) ?? [];
    assert.ok(seen.length >= 1, `the page read no job object for ${job.id}`);
    assert.equal(seen[seen.length - 1].status, 'succeeded');
    assert.equal(seen[seen.length - 1].progress, 1);
    for (const snapshot of seen)
      assert.ok(snapshot.progress >= 0 && snapshot.progress <= 1, JSON.stringify(snapshot));
  }

  /** Cost and duration beside the run, and the same request as curl and with the SDK. */
  async function assertCostAndCode(page, job, operation, bodyParts) {
    const cost = (await page.getByTestId('pg-cost').innerText()).trim();
    assert.equal(cost, `$${job.billing.charged_usd}`);
    assert.match(await page.getByTestId('pg-duration').innerText(), /^\d+(\.\d)? m?s$/);
    const curl = await page.getByTestId('pg-code-curl').innerText();
    assert.ok(curl.includes(`/v1/${operation} \\`), curl);
    assert.ok(curl.includes('Bearer $REELSCOUT_API_KEY'), curl);
    for (const part of bodyParts) assert.ok(curl.includes(part), `${part} not in ${curl}`);
    assert.doesNotMatch(curl, /rs_(test|live)_/);
    await page.getByRole('tab', { name: 'SDK (TypeScript)' }).click();
    const sdk = await page.getByTestId('pg-code-sdk').innerText();
    assert.ok(sdk.includes(`await client.${operation}(`), sdk);
    assert.ok(sdk.includes("from '@reelscout/sdk'"), sdk);
    await page.getByRole('tab', { name: 'curl' }).click();
  }

  async function noHorizontalScroll(page) {
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    assert.ok(widths.scroll <= widths.view, `horizontal scroll: ${JSON.stringify(widths)}`);
  }

  /** Desktop and phone screenshots of the result view; at phone width, no horizontal scroll. */
  async function shootResult(page, operation, ready) {
    await ready();
    await shot(page, `playground-${operation}-desktop`);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await ready();
    await noHorizontalScroll(page);
    await shot(page, `playground-${operation}-phone`);
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(200);
  }

  const imagesLoaded = (page, selector) =>
    page.waitForFunction(
      (css) =>
        [...document.querySelectorAll(css)].every((img) => img.complete && img.naturalWidth > 0),
      selector,
      { timeout: 30_000 },
    );

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

  step(
    'pg-playbook',
    'playground playbook: the video, one loaded frame per scene, transcript in sync, plan tabs',
    ['pg-open'],
    async () => {
      const { page } = state;
      const watcher = watchJobs(page);
      await selectOperation(page, 'Playbook');
      const job = await runAndWait(
        page,
        page.getByRole('button', { name: '13 s home coffee reel (network_a)' }),
      );
      await assertProgress(page, watcher, job);
      watcher.stop();
      const doc = job.result.playbook;
      assert.ok(doc.scenes.length > 0);
      const frames = page.getByTestId('pg-frame');
      assert.equal(await frames.count(), doc.scenes.length);
      const started = Date.now();
      await imagesLoaded(page, '[data-testid="pg-frame"]');
      console.log(
        `[perf] playground playbook: ${doc.scenes.length} scene frames loaded ${Date.now() - started} ms after the result`,
      );
      const srcs = await frames.evaluateAll((images) =>
        images.map((img) => img.getAttribute('src')),
      );
      srcs.forEach((src, i) =>
        assert.equal(src, `/account/jobs/${job.id}/media/frame/${i}?mode=test`),
      );
      assert.equal((await page.getByTestId('pg-hook').innerText()).trim(), doc.hook.text);

      // The video plays from our route; the transcript follows it.
      const video = page.getByTestId('pg-video');
      assert.equal(
        await video.getAttribute('src'),
        `/account/jobs/${job.id}/media/video?mode=test`,
      );
      await page.waitForFunction(
        () => document.querySelector('[data-testid="pg-video"]').readyState >= 1,
        null,
        { timeout: 30_000 },
      );
      const segments = doc.transcript.segments;
      if (segments.length) {
        const target = segments.length > 1 ? 1 : 0;
        const at =
          segments[target].start +
          Math.min(0.2, (segments[target].end - segments[target].start) / 2);
        await video.evaluate((element, time) => {
          element.currentTime = time;
        }, at);
        await page
          .locator(`[data-testid="pg-transcript"] li:nth-child(${target + 1})[aria-current="true"]`)
          .waitFor();
      }
      // Remake plan tabs: arrow keys move between them.
      const script = page.getByRole('tab', { name: 'Script', exact: true });
      await script.click();
      await page.keyboard.press('ArrowRight');
      assert.equal(
        await page.getByRole('tab', { name: 'Shot list' }).getAttribute('aria-selected'),
        'true',
      );
      await page.locator('.pg-tabpanel', { hasText: doc.playbook.shotList[0] }).waitFor();
      await page.getByRole('tab', { name: 'Script', exact: true }).click();

      await assertCostAndCode(page, job, 'playbook', ['7400000443622845792']);
      pg.playbook = job;
      // Pictured a moment in: a scene, its line of the transcript and the playhead highlighted.
      const moment = segments.length > 1 ? segments[1].start + 0.2 : 0;
      await shootResult(page, 'playbook', async () => {
        await imagesLoaded(page, '[data-testid="pg-frame"]');
        await video.evaluate(
          (element, time) =>
            new Promise((resolve) => {
              const ready = () => element.readyState >= 2 && !element.seeking;
              const check = () => (ready() ? resolve() : setTimeout(check, 50));
              element.currentTime = time;
              setTimeout(check, 50);
              setTimeout(resolve, 10_000);
            }),
          moment,
        );
      });

      // Copy as Markdown; download JSON (exactly the result).
      await page.getByRole('button', { name: 'Copy as Markdown' }).click();
      const markdown = await page.evaluate(() => navigator.clipboard.readText());
      assert.ok(markdown.startsWith('# Playbook: '), markdown.slice(0, 80));
      assert.ok(markdown.includes(doc.hook.text));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download JSON' }).click(),
      ]);
      const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
      assert.deepEqual(saved, job.result);
      await assertNoStackTrace(page);
    },
    RUN_TIMEOUT + 60_000,
  );

  step(
    'pg-music',
    'playground music: ranked sounds with playable previews from our route, fit bars, sparklines',
    ['pg-open'],
    async () => {
      const { page } = state;
      const watcher = watchJobs(page);
      await selectOperation(page, 'Music');
      await page.getByLabel('Suggestions (1–20)').fill('5');
      await page
        .getByLabel('Video link')
        .fill('https://www.tiktok.com/@brewwithmaya/video/7400000443622845792');
      const job = await runAndWait(page, page.getByTestId('pg-run'));
      await assertProgress(page, watcher, job);
      watcher.stop();
      const suggestions = job.result.suggestions;
      assert.ok(suggestions.length > 0 && suggestions.length <= 5, `${suggestions.length}`);
      assert.equal(await page.getByTestId('pg-sound').count(), suggestions.length);
      const audio = page.getByTestId('pg-audio');
      const withPreview = suggestions.filter((sound) => sound.previewUrl).length;
      assert.ok(withPreview > 0, 'no suggestion has a preview');
      assert.equal(await audio.count(), withPreview);
      // Playable: the browser can play the type, the media route answers it, and it loads.
      const checks = await audio.evaluateAll(async (elements) =>
        Promise.all(
          elements.map(async (element) => {
            const response = await fetch(element.getAttribute('src'), {
              headers: { Range: 'bytes=0-1023' },
            });
            return {
              src: element.getAttribute('src'),
              canPlay: element.canPlayType(response.headers.get('content-type') ?? ''),
              status: response.status,
            };
          }),
        ),
      );
      checks.forEach((check, i) => {
        assert.match(
          check.src,
          new RegExp(`^/account/jobs/${job.id}/media/audio/\\d+\\?mode=test$`),
        );
        assert.ok([200, 206].includes(check.status), `audio ${i}: ${check.status}`);
        assert.notEqual(check.canPlay, '', `audio ${i} is not a playable type`);
      });
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid="pg-audio"]')].every(
            (element) => element.readyState >= 1,
          ),
        null,
        { timeout: 30_000 },
      );
      const first = page.getByTestId('pg-sound').first();
      const text = await first.innerText();
      for (const part of ['Tempo', 'Energy', 'Mood']) assert.ok(text.includes(part), text);
      assert.match(text, /Commercial library|Not in the commercial library|Library status unknown/);
      assert.ok((await page.getByTestId('pg-sparkline').count()) >= 1, 'no trend sparkline');
      await assertCostAndCode(page, job, 'music', ['"limit":5']);
      pg.music = job;
      await shootResult(page, 'music', async () => {
        await page.getByTestId('pg-sound').first().waitFor();
      });
      await assertNoStackTrace(page);
    },
    RUN_TIMEOUT + 60_000,
  );

  step(
    'pg-usage',
    'playground runs are in usage with source dashboard (no key)',
    ['pg-assist', 'pg-scan', 'pg-playbook', 'pg-music'],
    async () => {
      const { page } = state;
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Usage' })
        .click();
      await heading(page, 'Usage');
      for (const operation of ['assist', 'scan', 'playbook', 'music']) {
        const job = pg[operation];
        const row = page.locator(
          `[data-testid="usage-table"] tr[data-request-id="${job.request_id}"]`,
        );
        await row.waitFor();
        const text = await row.innerText();
        assert.ok(text.includes(operation), text);
        assert.equal(
          await row.locator('td[data-label="Source"]').getAttribute('data-source'),
          'dashboard',
        );
        assert.match(await row.locator('td[data-label="Source"]').innerText(), /dashboard/);
        assert.match(await row.locator('td[data-label="Key"]').innerText(), /none/);
        assert.ok(text.includes(`$${job.billing.charged_usd}`), `${operation}: ${text}`);
      }
      await assertNoStackTrace(page);
    },
  );
}

module.exports = { playgroundSteps };

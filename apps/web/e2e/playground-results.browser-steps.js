'use strict';
/**
 * The playground's result views in Chromium, steps run right after playground.browser-steps.js's
 * (same page and `pg` state): playbook and music results as pictures and previews, and the
 * usage rows of the dashboard's runs.
 */
/* global document, navigator -- in page.evaluate() */
const assert = require('node:assert/strict');
const fs = require('node:fs');

function playgroundResultSteps(
  { step, state, heading, assertNoStackTrace },
  {
    RUN_TIMEOUT,
    pg,
    selectOperation,
    runAndWait,
    assertProgress,
    assertCostAndCode,
    shootResult,
    imagesLoaded,
    watchJobs,
  },
) {
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

module.exports = { playgroundResultSteps };

'use strict';
/**
 * The playground steps' shared helpers and state (`pg`: what one step leaves for the next):
 * opening the page, running an operation and waiting for its job, and checking what it shows.
 */
/* global document, window -- in page.evaluate() */
const assert = require('node:assert/strict');

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
function playgroundKit({ shot, heading, DESKTOP, PHONE }) {
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

  return {
    RUN_TIMEOUT,
    pg,
    openPlayground,
    selectOperation,
    shownJob,
    finished,
    runAndWait,
    assertProgress,
    assertCostAndCode,
    noHorizontalScroll,
    shootResult,
    imagesLoaded,
    watchJobs,
  };
}

module.exports = { playgroundKit };

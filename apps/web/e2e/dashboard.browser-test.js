'use strict';
/**
 * The dashboard in a real browser (Chromium driven by playwright-core: Debian's when installed,
 * else the one inside the @sparticuz/chromium package, scripts/lib/chromium.js) against the
 * real API and the dashboard's server (apps/web/server.js), on a fresh database:
 *   invite → sign-up → API settings → create a test key → copy it → test credit →
 *   the key calls /v1/assist → the call and its charge appear in usage → a webhook endpoint on a
 *   local receiver (secret shown once) → an async call → its job on the Jobs page, succeeded with
 *   its cost and result → its signed delivery (200) in the webhook log, redelivered → key controls
 *   (a key with a daily limit and assist only, its spend shown, edited, rolled with 1 h grace, its
 *   audit trail; per-subject limits; usage by key and subject) → the playground: each operation
 *   in test mode, its result as pictures and its usage row (playground.browser-steps.js) →
 *   the Watches page: a watch created, run now (its reels as cards), paused, resumed, deleted
 *   (watches.browser-steps.js) → the Trends page: stage badges, history charts, a stage filter, in
 *   English and zh-Hans (trends.browser-steps.js) →
 *   revoke → 401;
 *   an account without API access sees no API tab and gets 403 from the key routes;
 *   sign-out, sign-in, password reset; every page under the Content-Security-Policy with no
 *   violation in the whole run, and a forged X-Forwarded-For not reaching the API
 *   (security.browser-steps.js); screenshots for the README along the way.
 *
 * Run: `node apps/web/e2e/run.js` (prints "N passed, N failed"), or `node --test` on this file.
 * Each step names the steps it needs; when one of those failed, it is skipped, not failed again.
 */
/* global document -- inside page.evaluate(), which runs in the browser */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { after, before, describe, it } = require('node:test');
const { chromium } = require('playwright-core');
const { accessSteps } = require('./access.browser-steps');
const { accountSteps } = require('./account.browser-steps');
const { finishSteps } = require('./finish.browser-steps');
const { i18nSteps } = require('./i18n.browser-steps');
const { keyControlSteps } = require('./key-controls.browser-steps');
const { playgroundSteps } = require('./playground.browser-steps');
const { securitySteps, watchPolicyViolations } = require('./security.browser-steps');
const { watchSteps } = require('./watches.browser-steps');
const { trendSteps } = require('./trends.browser-steps');
const { webhookJobSteps } = require('./webhooks-jobs.browser-steps');
const { startStack, stopOnSignals, ROOT } = require('./stack');
const { launchOptions } = require('../../../scripts/lib/chromium');

const SHOTS = path.join(ROOT, 'docs', 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const STEP_TIMEOUT = 90_000;
const PASSWORD = 'correct horse battery staple';

const state = {
  /** @type {Awaited<ReturnType<typeof startStack>> | undefined} */ stack: undefined,
  /** @type {import('playwright-core').Browser | undefined} */ browser: undefined,
  /** @type {import('playwright-core').Page | undefined} */ page: undefined,
  pageErrors: [],
  email: `dev-${Date.now()}@example.com`,
  plainEmail: `viewer-${Date.now()}@example.com`,
  /** What the local webhook receiver got: headers and raw body of each request. */
  hooks: [],
};

const passed = new Set();

/** One step of the story: skipped when a step it needs did not pass. */
function step(id, title, needs, fn, timeout = STEP_TIMEOUT) {
  it(title, { timeout }, async (t) => {
    const missing = needs.filter((need) => !passed.has(need));
    if (missing.length) return t.skip(`needs: ${missing.join(', ')}`);
    await fn(t);
    passed.add(id);
  });
}

async function newPage(options = {}) {
  const context = await state.browser.newContext({
    baseURL: state.stack.webUrl,
    viewport: DESKTOP,
    ...options,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: state.stack.webUrl,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(30_000);
  page.on('pageerror', (error) => state.pageErrors.push(`${page.url()}: ${error.message}`));
  return page;
}

/** No page may ever show a stack trace. */
async function assertNoStackTrace(page) {
  const text = await page.locator('body').innerText();
  assert.doesNotMatch(text, /\n\s*at .+\(.*:\d+:\d+\)/, `stack trace on ${page.url()}`);
  assert.doesNotMatch(text, /Error: .*\n\s+at /, `stack trace on ${page.url()}`);
}

/**
 * A screenshot for the docs. Written to docs/screenshots only by `npm run screenshots`
 * (E2E_SCREENSHOTS=1); in a test run the page is still rendered to an image, which is dropped,
 * so `npm test` leaves the committed pictures alone.
 */
async function shot(page, name, { fullPage = true } = {}) {
  await page.evaluate(() => document.fonts.ready);
  if (process.env.E2E_SCREENSHOTS !== '1') {
    await page.screenshot({ fullPage });
    return;
  }
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

async function heading(page, text) {
  await page.getByRole('heading', { level: 1, name: text }).waitFor();
}

/** A webhook receiver on 127.0.0.1 (allowed by OUTBOUND_ALLOW_PRIVATE_HOSTS): answers 200. */
function startReceiver() {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        state.hooks.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** Waits (bounded) until `pick` finds something, polling every 100 ms. */
async function eventually(pick, ms, what) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = pick();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Calls the API directly (not through the dashboard), as an integrator would. */
async function callAssist(key, extraHeaders = {}) {
  return callOperation(key, '/v1/assist', {
    body: { message: 'Three hook ideas for a coffee shop reel, please.' },
    headers: extraHeaders,
  });
}

async function callOperation(key, route, { body: json, headers = {} }) {
  const response = await fetch(`${state.stack.apiUrl}${route}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(json),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}

async function signUp(page, inviteUrl, email) {
  await page.goto(inviteUrl);
  await heading(page, 'Create your account');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await heading(page, 'Overview');
}

stopOnSignals();

describe('dashboard in Chromium', () => {
  before(
    async () => {
      // The playground's media cache is the run's own (a temp dir), like its database.
      state.mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-e2e-media-'));
      state.stack = await startStack({
        env: {
          PLAYGROUND_MEDIA_DIR: state.mediaDir,
          // The webhook receiver listens on 127.0.0.1: allowed as a developer allows it.
          OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        },
      });
      // Chromium's runtime and temp folders are the run's own too, removed after it: without
      // XDG_RUNTIME_DIR, its audio client (libpulse, woken by the playground's media) makes a
      // pulse-* folder in /tmp and leaves it there; and a temp file Chromium had not yet
      // unlinked when a renderer went away stays behind as an empty .org.chromium.Chromium.*.
      state.runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-e2e-runtime-'));
      const { found, options } = launchOptions({
        env: { XDG_RUNTIME_DIR: state.runtimeDir, TMPDIR: state.runtimeDir },
      });
      console.log(`browser: ${found.source} (${found.executablePath})`);
      state.browser = await chromium.launch(options);
      watchPolicyViolations(state);
      state.page = await newPage();
    },
    { timeout: 20 * 60_000 },
  );

  after(
    async () => {
      await new Promise((resolve) => (state.receiver ? state.receiver.close(resolve) : resolve()));
      await state.browser?.close().catch(() => undefined);
      await state.stack?.stop();
      if (state.mediaDir) fs.rmSync(state.mediaDir, { recursive: true, force: true });
      if (state.runtimeDir) fs.rmSync(state.runtimeDir, { recursive: true, force: true });
    },
    { timeout: 120_000 },
  );

  accountSteps({
    step,
    state,
    newPage,
    assertNoStackTrace,
    shot,
    heading,
    callAssist,
    DESKTOP,
    PHONE,
    PASSWORD,
  });

  webhookJobSteps({
    step,
    state,
    assertNoStackTrace,
    shot,
    heading,
    startReceiver,
    eventually,
    callAssist,
    DESKTOP,
    PHONE,
  });

  keyControlSteps({
    step,
    state,
    assertNoStackTrace,
    shot,
    heading,
    callAssist,
    callOperation,
    DESKTOP,
    PHONE,
  });

  playgroundSteps({ step, state, shot, heading, assertNoStackTrace, DESKTOP, PHONE });
  watchSteps({ step, state, shot, heading, assertNoStackTrace });
  trendSteps({ step, state, shot, heading, assertNoStackTrace });
  i18nSteps({ step, state, shot, heading, assertNoStackTrace, DESKTOP, PHONE });
  finishSteps({ step, state, heading });

  accessSteps({
    step,
    state,
    newPage,
    assertNoStackTrace,
    shot,
    heading,
    callAssist,
    signUp,
    DESKTOP,
    PHONE,
    PASSWORD,
  });

  step('no-page-errors', 'no uncaught errors in any page', [], async () => {
    assert.deepEqual(state.pageErrors, []);
  });

  securitySteps({ step, state, newPage });
});

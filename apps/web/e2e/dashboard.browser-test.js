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
 *   revoke → 401;
 *   an account without API access sees no API tab and gets 403 from the key routes;
 *   sign-out, sign-in, password reset; every page under the Content-Security-Policy with no
 *   violation in the whole run, and a forged X-Forwarded-For not reaching the API
 *   (security.browser-steps.js); screenshots for the README along the way.
 *
 * Run: `node apps/web/e2e/run.js` (prints "N passed, N failed"), or `node --test` on this file.
 * Each step names the steps it needs; when one of those failed, it is skipped, not failed again.
 */
/* global document, navigator -- inside page.evaluate(), which runs in the browser */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { after, before, describe, it } = require('node:test');
const { chromium } = require('playwright-core');
const { Webhook } = require('standardwebhooks');
const { finishSteps } = require('./finish.browser-steps');
const { i18nSteps } = require('./i18n.browser-steps');
const { playgroundSteps } = require('./playground.browser-steps');
const { securitySteps, watchPolicyViolations } = require('./security.browser-steps');
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
      // Chromium's runtime folder is the run's own too: without XDG_RUNTIME_DIR, its audio
      // client (libpulse, woken by the playground's media) makes a pulse-* folder in /tmp and
      // leaves it there.
      state.runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-e2e-runtime-'));
      const { found, options } = launchOptions({ env: { XDG_RUNTIME_DIR: state.runtimeDir } });
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

  step('unknown-invite', 'an unknown invite link gets a clear page', [], async () => {
    const { page } = state;
    await page.goto(`/invite/${'x'.repeat(40)}`);
    await heading(page, 'This invite link is not valid');
    await page.getByRole('link', { name: 'Go to sign in' }).waitFor();
    await assertNoStackTrace(page);
  });

  step('sign-up', 'sign-up from an invite link with API access', [], async () => {
    const { page } = state;
    state.inviteUrl = await state.stack.createInvite({ apiAccess: true });
    await page.goto(state.inviteUrl);
    await heading(page, 'Create your account');
    // A too-short password is refused beside its field, before anything is sent.
    await page.getByLabel('E-mail').fill(state.email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Repeat the password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Use 10 to 256 characters.').waitFor();
    assert.equal(
      await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid'),
      'true',
    );
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await heading(page, 'Overview');
    await page.getByText(state.email).waitFor();
    await assertNoStackTrace(page);
  });

  step('used-invite', 'the used invite link says so', ['sign-up'], async () => {
    const page = await newPage();
    await page.goto(state.inviteUrl);
    await heading(page, 'This invite has already been used');
    await page.context().close();
  });

  step('api-tab', 'the API settings tab is there and shows no keys yet', ['sign-up'], async () => {
    const { page } = state;
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'API settings' }).click();
    await heading(page, 'API settings');
    await page.getByText('No keys yet').waitFor();
    assert.equal(
      await nav.getByRole('link', { name: 'API settings' }).getAttribute('aria-current'),
      'page',
    );
  });

  step(
    'create-key',
    'create a test key: shown once, copied, dialog not dismissable by accident',
    ['api-tab'],
    async () => {
      const { page } = state;
      await page.getByRole('button', { name: 'Create key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.waitFor();
      // Focus starts in the name field; an empty name is refused beside the field.
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('name')),
        'key-name',
      );
      await dialog.getByRole('button', { name: 'Create key' }).click();
      await dialog.getByText('Give the key a name.').waitFor();
      await dialog.getByLabel('Name').fill('e2e sandbox key');
      assert.equal(await dialog.getByRole('radio', { name: /Test/ }).isChecked(), true);
      await dialog.getByRole('button', { name: 'Create key' }).click();

      const shown = page.getByRole('dialog', { name: 'Save your new key' });
      await shown.waitFor();
      const key = (await shown.getByTestId('new-key').innerText()).trim();
      assert.match(key, /^rs_test_[A-Za-z0-9]{38}$/);
      state.key = key;

      // Neither Escape (pressed repeatedly) nor a click outside closes it.
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Escape');
        await page.waitForTimeout(150);
      }
      await page.mouse.click(8, 8);
      await page.waitForTimeout(150);
      assert.equal(await shown.isVisible(), true, 'the key dialog closed by accident');
      const done = shown.getByRole('button', { name: 'Done' });
      assert.equal(await done.isDisabled(), true, 'Done must wait for the confirmation');

      // Copy: the clipboard holds exactly the key.
      await shown.getByRole('button', { name: 'Copy key' }).click();
      await shown.getByText('Copied').waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, key);

      // The first call, ready to paste: this key, this API's address, one copy button.
      const firstCall = (await shown.getByTestId('first-call-curl').innerText()).replace(
        /\n+$/,
        '',
      );
      const [exportLine, curlLine] = firstCall.split('\n');
      assert.equal(exportLine, ` export REELSCOUT_API_KEY='${key}'`);
      assert.match(
        curlLine,
        new RegExp(`^curl -sS http://localhost:${new URL(state.stack.apiUrl).port}/v1/assist`),
      );
      assert.ok(firstCall.includes('Bearer $REELSCOUT_API_KEY'), firstCall);
      await shown.getByRole('button', { name: 'Copy command' }).click();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), firstCall);

      await shot(page, 'api-settings-key-dialog-desktop', { fullPage: false });
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(200);
      await shot(page, 'api-settings-key-dialog-phone', { fullPage: false });
      await page.setViewportSize(DESKTOP);

      await shown.getByLabel('I have saved this key').check();
      await done.click();
      await shown.waitFor({ state: 'hidden' });
      const row = page.getByTestId('keys-table').getByRole('row', { name: /e2e sandbox key/ });
      await row.waitFor();
      const rowText = await row.innerText();
      assert.match(rowText, /test/);
      assert.ok(rowText.includes(`${key.slice(0, 12)}…`), `display start missing: ${rowText}`);
      assert.match(rowText, /active/);
      assert.match(rowText, /Never/);
      // Shown once: the plaintext is gone from the page.
      assert.equal((await page.content()).includes(key), false, 'the key is still in the page');
    },
  );

  step(
    'test-credit',
    'live purchases say why they are unavailable; test credit in one click',
    ['sign-up'],
    async () => {
      const { page } = state;
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Credit' })
        .click();
      await heading(page, 'Credit');
      await page
        .getByTestId('buy-credit')
        .getByText('Live credit purchases are unavailable: STRIPE_SECRET_KEY is not set.')
        .waitFor();
      await page.getByRole('button', { name: 'Add $10.00 test credit' }).click();
      await page.getByText('Added $10.00 of test credit. Test balance: $10.000000.').waitFor();
      await page.getByTestId('balance-test').getByText('$10.000000').first().waitFor();
      const ledger = page.getByTestId('ledger-table');
      await ledger.getByRole('row', { name: /Credit added/ }).waitFor();
      assert.match(await ledger.innerText(), /\$10\.000000/);
      await assertNoStackTrace(page);
    },
  );

  step(
    'assist',
    'the copied test key calls /v1/assist (0.010000 charged)',
    ['create-key', 'test-credit'],
    async () => {
      const result = await callAssist(state.key);
      assert.equal(
        result.status,
        200,
        `POST /v1/assist answered ${result.status}: ${JSON.stringify(result.body).slice(0, 300)}`,
      );
      assert.equal(result.headers.get('x-service-charged-usd'), '0.010000');
      assert.equal(result.headers.get('x-service-balance-usd'), '9.990000');
      state.assistRequestId = result.headers.get('x-request-id');
    },
  );

  step(
    'usage',
    'the call appears on the usage page with its charge, chart and CSV',
    ['assist'],
    async () => {
      const { page } = state;
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Usage' })
        .click();
      await heading(page, 'Usage');
      const row = page.locator(
        `[data-testid="usage-table"] tr[data-request-id="${state.assistRequestId}"]`,
      );
      await row.waitFor();
      const text = await row.innerText();
      assert.match(text, /assist/);
      assert.match(text, /test/);
      assert.match(text, /200/);
      assert.ok(text.includes('$0.010000'), `charge missing from: ${text}`);
      await page.getByTestId('daily-chart').locator('svg.recharts-surface').first().waitFor();

      // Filters: another operation shows nothing; reset brings the call back.
      await page.getByLabel('Operation', { exact: true }).selectOption('scan');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/operation=scan/);
      await page.getByText('No calls match').waitFor();
      await page.getByRole('button', { name: 'Reset' }).click();
      await row.waitFor();

      const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      const csv = await page.request.get(href);
      assert.equal(csv.status(), 200);
      const body = await csv.text();
      assert.ok(body.startsWith('time,request_id,operation'), body.slice(0, 80));
      assert.ok(body.includes(state.assistRequestId) && body.includes('0.010000'), body);
      await assertNoStackTrace(page);
    },
  );

  step(
    'overview',
    'the overview shows balances, this month’s spend and the last call',
    ['assist'],
    async () => {
      const { page } = state;
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Overview' })
        .click();
      await heading(page, 'Overview');
      const test = page.getByTestId('balance-test');
      await test.getByText('$9.990000').first().waitFor();
      assert.match(await test.innerText(), /Spent this month\s+\$0\.010000/);
      await page
        .locator(`[data-testid="usage-table"] tr[data-request-id="${state.assistRequestId}"]`)
        .waitFor();
    },
  );

  step('ledger-filters', 'the ledger filters by operation and by day', ['assist'], async () => {
    const { page } = state;
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Credit' })
      .click();
    await heading(page, 'Credit');
    const ledger = page.getByTestId('ledger-table');
    const credit = ledger.getByRole('row', { name: /Credit added/ });
    await credit.waitFor();
    const filters = page.getByRole('form', { name: 'Filter the ledger' });
    const none = page.getByText('No entries match these filters');

    // The assist call's charge, and only that.
    await filters.getByLabel('Operation').selectOption('assist');
    await credit.waitFor({ state: 'detached' });
    const charge = ledger.getByRole('row', { name: /Charge/ });
    await charge.waitFor();
    const text = await charge.innerText();
    assert.ok(text.includes(state.assistRequestId), `request id missing from: ${text}`);
    assert.ok(text.includes('$0.010000'), `charge missing from: ${text}`);
    await filters.getByLabel('Operation').selectOption('scan');
    await none.waitFor();

    // Days are UTC and inclusive: up to yesterday holds nothing yet, today everything.
    await filters.getByLabel('Operation').selectOption('');
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await filters.getByLabel('To (UTC)').fill(yesterday);
    await none.waitFor();
    await filters.getByLabel('To (UTC)').fill(today);
    await credit.waitFor();
    await charge.waitFor();
    await assertNoStackTrace(page);
  });

  step(
    'webhook-create',
    'a test webhook endpoint on a local receiver: its secret shown once and copied',
    ['create-key'],
    async () => {
      const { page } = state;
      state.receiver = await startReceiver();
      state.hookUrl = `http://127.0.0.1:${state.receiver.address().port}/hooks/reelscout`;
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await nav.getByRole('link', { name: 'Webhooks' }).click();
      await heading(page, 'Webhooks');
      await page.getByText('No test endpoints yet').waitFor();
      assert.equal(await page.getByRole('radio', { name: 'Test' }).isChecked(), true);

      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a test webhook endpoint' });
      await dialog.waitFor();
      // Not a URL: refused beside the field by the API (param "url").
      await dialog.getByLabel('Endpoint URL').fill('not a url');
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await dialog.locator('.field-error').first().waitFor();
      await dialog.getByLabel('Endpoint URL').fill(state.hookUrl);
      for (const event of ['job.succeeded', 'job.failed', 'job.canceled']) {
        assert.equal(
          await dialog.getByRole('checkbox', { name: new RegExp(event) }).isChecked(),
          true,
        );
      }
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();

      const shown = page.getByRole('dialog', { name: 'Save your signing secret' });
      await shown.waitFor();
      const secret = (await shown.getByTestId('new-secret').innerText()).trim();
      assert.match(secret, /^whsec_[A-Za-z0-9+/=]{40,}$/);
      state.webhookSecret = secret;
      await shown.getByText('This is the only time this secret is shown.').waitFor();
      // Escape does not close it; Done waits for the confirmation.
      await page.keyboard.press('Escape');
      await page.waitForTimeout(150);
      assert.equal(await shown.isVisible(), true, 'the secret dialog closed by accident');
      const done = shown.getByRole('button', { name: 'Done' });
      assert.equal(await done.isDisabled(), true);
      await shown.getByRole('button', { name: 'Copy secret' }).click();
      await shown.getByText('Copied').waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
      await shot(page, 'webhooks-secret-dialog-desktop', { fullPage: false });
      await shown.getByLabel('I have saved this secret').check();
      await done.click();
      await shown.waitFor({ state: 'hidden' });

      const row = page.getByTestId('endpoints-table').locator('tbody tr').first();
      await row.waitFor();
      const text = await row.innerText();
      assert.ok(text.includes(state.hookUrl), text);
      assert.match(text, /enabled/);
      assert.match(text, /job\.succeeded/);
      // Shown once: the secret is gone from the page.
      assert.equal((await page.content()).includes(secret), false, 'the secret is still shown');
      await assertNoStackTrace(page);
    },
  );

  step(
    'async-job',
    'an async call (Prefer: respond-async) answers 202 with its job',
    ['create-key', 'test-credit'],
    async () => {
      const result = await callAssist(state.key, { Prefer: 'respond-async' });
      assert.equal(
        result.status,
        202,
        `answered ${result.status}: ${JSON.stringify(result.body).slice(0, 300)}`,
      );
      assert.equal(result.body.object, 'job');
      assert.match(result.body.id, /^job_[0-9a-f]{32}$/);
      assert.ok(
        result.headers.get('location')?.endsWith(`/v1/jobs/${result.body.id}`),
        `Location: ${result.headers.get('location')}`,
      );
      state.jobId = result.body.id;
    },
  );

  step(
    'jobs-page',
    'the job appears on the Jobs page, succeeded, with its cost and its result',
    ['async-job'],
    async () => {
      const { page } = state;
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await nav.getByRole('link', { name: 'Jobs' }).click();
      await heading(page, 'Jobs');
      // The page polls while a job is queued or running: it ends up succeeded.
      const row = page.locator(`[data-testid="jobs-table"] tr[data-job-id="${state.jobId}"]`);
      await row.waitFor();
      await page
        .locator(
          `[data-testid="jobs-table"] tr[data-job-id="${state.jobId}"][data-status="succeeded"]`,
        )
        .waitFor({ timeout: 30_000 });
      const text = await row.innerText();
      assert.match(text, /assist/);
      assert.match(text, /succeeded/);
      assert.ok(text.includes('$0.010000'), `cost missing from: ${text}`);
      assert.match(text, /\d+(\.\d)? m?s/, `duration missing from: ${text}`);
      // The sync call of the earlier step is a job too.
      assert.ok((await page.locator('[data-testid="jobs-table"] tbody tr').count()) >= 2);
      await shot(page, 'jobs-desktop');
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(200);
      await shot(page, 'jobs-phone');
      await page.setViewportSize(DESKTOP);

      // Live mode holds none of them.
      await page.getByRole('radio', { name: 'Live' }).check();
      await page.waitForURL(/mode=live/);
      await page.getByText('No jobs match').waitFor();
      await page.getByRole('radio', { name: 'Test' }).check();
      await page.waitForURL((url) => !url.search.includes('mode=live'));
      await row.waitFor();

      await row.getByRole('link', { name: `Open job ${state.jobId}` }).click();
      await heading(page, 'Job');
      const detail = page.getByTestId('job-detail');
      await detail.getByText(state.jobId).waitFor();
      assert.ok((await detail.innerText()).includes('$0.010000'));
      const json = JSON.parse(await page.getByTestId('job-json').innerText());
      assert.equal(typeof json, 'object');
      assert.notEqual(json, null);
      await assertNoStackTrace(page);
    },
  );

  step(
    'webhook-delivery',
    'the job.succeeded event reaches the receiver, signed, and shows 200 in the delivery log',
    ['webhook-create', 'jobs-page'],
    async () => {
      const { page } = state;
      const received = await eventually(
        () =>
          state.hooks.find((hook) => {
            try {
              return JSON.parse(hook.body).data.id === state.jobId;
            } catch {
              return false;
            }
          }),
        20_000,
        `a webhook for ${state.jobId}`,
      );
      const event = new Webhook(state.webhookSecret).verify(received.body, {
        'webhook-id': received.headers['webhook-id'],
        'webhook-timestamp': received.headers['webhook-timestamp'],
        'webhook-signature': received.headers['webhook-signature'],
      });
      assert.equal(event.type, 'job.succeeded');
      assert.equal(event.data.status, 'succeeded');

      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Webhooks' })
        .click();
      await heading(page, 'Webhooks');
      await page.getByRole('button', { name: `Deliveries to ${state.hookUrl}` }).click();
      const row = page.locator(`[data-testid="deliveries-table"] tr[data-job-id="${state.jobId}"]`);
      await row.waitFor();
      // Pending until the dispatcher's attempt is logged; the panel polls while one is pending.
      await row.locator('.badge', { hasText: 'succeeded' }).waitFor({ timeout: 30_000 });
      let text = await row.innerText();
      assert.match(text, /job\.succeeded/);
      assert.match(text, /\b200\b/);
      assert.match(text, /\d+ ms/);
      await shot(page, 'webhooks-desktop');
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(200);
      await shot(page, 'webhooks-phone');
      await page.setViewportSize(DESKTOP);

      // Redeliver: one more attempt, the same webhook-id.
      const before = state.hooks.length;
      await row.getByRole('button', { name: /^Redeliver/ }).click();
      const again = await eventually(
        () =>
          state.hooks.slice(before).find((hook) => JSON.parse(hook.body).data.id === state.jobId),
        20_000,
        'the redelivery',
      );
      assert.equal(again.headers['webhook-id'], received.headers['webhook-id']);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page
        .locator(
          `[data-testid="deliveries-table"] tr[data-job-id="${state.jobId}"] td[data-label="Attempts"]`,
        )
        .getByText('2', { exact: true })
        .waitFor();
      text = await row.innerText();
      assert.match(text, /succeeded/);
      await assertNoStackTrace(page);
    },
  );

  /** The rows of the keys table for the limited key (it is rolled later: then two). */
  const limitedRows = () =>
    state.page.getByTestId('keys-table').getByRole('row', { name: /e2e limited key/ });

  async function openApiSettings(page) {
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'API settings' })
      .click();
    await heading(page, 'API settings');
    await page.getByTestId('keys-table').waitFor();
  }

  step(
    'key-controls-create',
    'create a key with a daily limit and assist only: a bad limit is refused beside its field',
    ['create-key'],
    async () => {
      const { page } = state;
      await openApiSettings(page);
      await page.getByRole('button', { name: 'Create key', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.waitFor();
      await dialog.getByLabel('Name').fill('e2e limited key');
      // Every operation is allowed unless unchecked.
      for (const operation of ['assist', 'scan', 'playbook', 'music']) {
        assert.equal(
          await dialog.getByRole('checkbox', { name: new RegExp(`^${operation}`) }).isChecked(),
          true,
        );
      }
      // Not an amount: refused in the browser, beside the field.
      await dialog.getByLabel('Per day', { exact: true }).fill('ten');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      await dialog.getByText('Enter an amount in USD').waitFor();
      // Zero is sent, and the API's 400 (param limits.dailyMicros) is shown beside the field.
      await dialog.getByLabel('Per day', { exact: true }).fill('0');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const perDay = dialog.getByLabel('Per day', { exact: true });
      await dialog.locator('.field-error', { hasText: 'limits.dailyMicros' }).waitFor();
      assert.equal(await perDay.getAttribute('aria-invalid'), 'true');

      await perDay.fill('5');
      for (const operation of ['scan', 'playbook', 'music']) {
        await dialog.getByRole('checkbox', { name: new RegExp(`^${operation}`) }).uncheck();
      }
      await shot(page, 'api-settings-key-settings-desktop', { fullPage: false });
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(200);
      await shot(page, 'api-settings-key-settings-phone', { fullPage: false });
      await page.setViewportSize(DESKTOP);
      await dialog.getByRole('button', { name: 'Create key' }).click();

      const shown = page.getByRole('dialog', { name: 'Save your new key' });
      await shown.waitFor();
      state.limitedKey = (await shown.getByTestId('new-key').innerText()).trim();
      assert.match(state.limitedKey, /^rs_test_/);
      await shown.getByLabel('I have saved this key').check();
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'hidden' });

      const row = limitedRows();
      await row.waitFor();
      const text = await row.innerText();
      assert.match(text, /assist only/);
      assert.match(text, /active/);
      assert.ok(text.includes('$0.00 of $5.00 today'), `spend missing from: ${text}`);
      state.limitedKeyId = await row.getAttribute('data-key-id');
    },
  );

  step(
    'key-controls-spend',
    'the limited key: assist is charged and shown against the limit; scan is refused with 403',
    ['key-controls-create', 'test-credit'],
    async () => {
      const { page } = state;
      const ok = await callAssist(state.limitedKey, { 'x-subject': 'customer-a' });
      assert.equal(ok.status, 200, JSON.stringify(ok.body).slice(0, 300));
      state.limitedRequestId = ok.headers.get('x-request-id');
      const refused = await callOperation(state.limitedKey, '/v1/scan', {
        body: { query: 'coffee' },
      });
      assert.equal(refused.status, 403, JSON.stringify(refused.body).slice(0, 300));
      assert.equal(refused.body.error.code, 'operation_not_allowed');

      await page.reload();
      await heading(page, 'API settings');
      const row = limitedRows();
      await row.getByText('$0.01 of $5.00 today').waitFor();
      const bar = row.getByRole('progressbar', { name: /\$0\.01 of \$5\.00 today/ });
      assert.equal(await bar.getAttribute('value'), '10000');
      assert.equal(await bar.getAttribute('max'), '5000000');
    },
  );

  step(
    'key-controls-edit',
    'edit the key: only the changed limits are sent, and the row shows them',
    ['key-controls-create'],
    async () => {
      const { page } = state;
      const patches = [];
      const listen = (request) => {
        if (request.method() === 'PATCH') patches.push(request.postDataJSON());
      };
      page.on('request', listen);
      await limitedRows()
        .getByRole('button', { name: /^Edit key e2e limited key/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Edit “e2e limited key”' });
      await dialog.waitFor();
      // The form shows the key's settings.
      assert.equal(await dialog.getByLabel('Per day', { exact: true }).inputValue(), '5');
      assert.equal(await dialog.getByRole('checkbox', { name: /^scan/ }).isChecked(), false);
      await dialog.getByLabel('Per day', { exact: true }).fill('2');
      await dialog.getByLabel('Per month', { exact: true }).fill('20');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Key “e2e limited key” saved.').waitFor();
      page.off('request', listen);
      assert.deepEqual(patches, [
        { limits: { dailyMicros: 2_000_000, monthlyMicros: 20_000_000 } },
      ]);
      const row = limitedRows();
      await row.getByText('$0.01 of $2.00 today').waitFor();
      await row.getByText('$0.01 of $20.00 this month').waitFor();
      assert.match(await row.innerText(), /assist only/);
    },
  );

  step(
    'key-controls-roll',
    'roll the key with 1 h grace: the new key shown once, both listed with their states',
    ['key-controls-edit'],
    async () => {
      const { page } = state;
      await limitedRows()
        .getByRole('button', { name: /^Roll key e2e limited key/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Roll “e2e limited key”' });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: /^1 hour/ }).check();
      await dialog.getByRole('button', { name: 'Roll key' }).click();
      const shown = page.getByRole('dialog', { name: 'Save your new key' });
      await shown.waitFor();
      const fresh = (await shown.getByTestId('new-key').innerText()).trim();
      assert.match(fresh, /^rs_test_/);
      assert.notEqual(fresh, state.limitedKey);
      assert.match(await shown.getByTestId('roll-previous').innerText(), /keeps working until/);
      // Not dismissable by accident, like the create dialog.
      await page.keyboard.press('Escape');
      await page.waitForTimeout(150);
      assert.equal(await shown.isVisible(), true, 'the rolled key dialog closed by accident');
      await shot(page, 'api-settings-roll-dialog-desktop', { fullPage: false });
      await shown.getByLabel('I have saved this key').check();
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'hidden' });
      assert.equal((await page.content()).includes(fresh), false, 'the new key is still shown');

      const table = page.getByTestId('keys-table');
      const old = table.locator(`tr[data-key-id="${state.limitedKeyId}"]`);
      await table
        .locator(`tr[data-key-id="${state.limitedKeyId}"][data-status="expiring"]`)
        .waitFor();
      const oldText = await old.innerText();
      assert.match(oldText, /expiring/);
      assert.match(oldText, /works until/);
      const rolled = table.locator('tr[data-status="active"]', { hasText: 'e2e limited key' });
      await rolled.waitFor();
      const rolledText = await rolled.innerText();
      assert.match(rolledText, /rolled from/);
      assert.match(rolledText, /assist only/);
      assert.ok(rolledText.includes('of $2.00 today'), rolledText);
      assert.equal(await limitedRows().count(), 2);
      // Both keys work during the grace period.
      for (const key of [state.limitedKey, fresh]) {
        const result = await callAssist(key, { 'x-subject': 'customer-b' });
        assert.equal(result.status, 200, JSON.stringify(result.body).slice(0, 300));
      }
      await shot(page, 'api-settings-keys-desktop');
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(200);
      await shot(page, 'api-settings-keys-phone');
      await page.setViewportSize(DESKTOP);
    },
  );

  step(
    'key-controls-audit',
    'the key’s details show its audit trail: roll, update (before → after), create',
    ['key-controls-roll'],
    async () => {
      const { page } = state;
      await page
        .getByTestId('keys-table')
        .locator(`tr[data-key-id="${state.limitedKeyId}"]`)
        .getByRole('button', { name: /^Details of key/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Key “e2e limited key”' });
      await dialog.waitFor();
      const trail = dialog.getByTestId('key-audit');
      await trail.waitFor();
      const actions = await trail
        .locator(':scope > li')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-action')));
      assert.deepEqual(actions, ['roll', 'update', 'create']);
      const update = await trail.locator(':scope > li[data-action="update"]').innerText();
      assert.match(update, /by you, in the dashboard/);
      assert.match(update, /daily limit:\s*\$5\.00[\s\S]*?\$2\.00/);
      assert.match(update, /monthly limit:\s*none/);
      const roll = await trail.locator(':scope > li[data-action="roll"]').innerText();
      assert.match(roll, /grace period:\s*1 hour/);
      assert.match(roll, /works until:\s*never[\s\S]*?\d{2}:\d{2}/);
      const created = await trail.locator(':scope > li[data-action="create"]').innerText();
      assert.match(created, /operations:\s*assist/);
      await dialog.getByText('assist only').waitFor();
      await shot(page, 'api-settings-key-details-desktop', { fullPage: false });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await assertNoStackTrace(page);
    },
  );

  step(
    'subject-limits',
    'the account’s per-subject limits: a bad amount refused beside its field, then saved',
    ['key-controls-create'],
    async () => {
      const { page } = state;
      const panel = page.getByRole('region', { name: 'Per-subject limits' });
      const daily = panel.getByLabel('Per subject per day (USD)');
      await daily.waitFor();
      assert.equal(await daily.inputValue(), '');
      await daily.fill('0');
      await panel.getByRole('button', { name: 'Save limits' }).click();
      await panel.locator('.field-error', { hasText: 'dailyMicros' }).waitFor();
      await daily.fill('100');
      await panel.getByRole('button', { name: 'Save limits' }).click();
      await panel.getByText('Per-subject limits saved.').waitFor();
      await page.reload();
      await heading(page, 'API settings');
      assert.equal(
        await page
          .getByRole('region', { name: 'Per-subject limits' })
          .getByLabel('Per subject per day (USD)')
          .inputValue(),
        '100',
      );
    },
  );

  step(
    'usage-by-key',
    'usage: key and subject columns, filtered by key, grouped by subject, CSV with the filters',
    ['key-controls-roll'],
    async () => {
      const { page } = state;
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Usage' })
        .click();
      await heading(page, 'Usage');
      const calls = page.getByTestId('usage-table');
      const limitedCall = calls.locator(`tr[data-request-id="${state.limitedRequestId}"]`);
      // The key's label shows once the account's keys have loaded (the row can come first).
      await limitedCall.getByText('e2e limited key').waitFor();
      const callText = await limitedCall.innerText();
      assert.match(callText, /customer-a/);

      const filters = page.getByRole('form', { name: 'Filter usage' });
      await filters.getByLabel('Key', { exact: true }).selectOption(state.limitedKeyId);
      await filters.getByLabel('Group by').selectOption('subject');
      await filters.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(
        (url) =>
          url.searchParams.get('key_id') === state.limitedKeyId &&
          url.searchParams.get('group_by') === 'subject',
      );
      const groups = page.getByTestId('usage-groups');
      await groups.waitFor();
      const a = groups.locator('tr[data-group="customer-a"]');
      const b = groups.locator('tr[data-group="customer-b"]');
      await a.waitFor();
      await b.waitFor();
      assert.match(await a.innerText(), /\b1\b[\s\S]*\$0\.010000/);
      // Only the old key's call in its grace period: the new key's is another key's.
      assert.match(await b.innerText(), /\b1\b[\s\S]*\$0\.010000/);
      // The sandbox key's call is filtered out.
      await limitedCall.waitFor();
      assert.equal(
        await calls.locator(`tr[data-request-id="${state.assistRequestId}"]`).count(),
        0,
      );
      await shot(page, 'usage-by-key-desktop');

      const href = await page
        .getByRole('link', { name: 'Export CSV', exact: true })
        .getAttribute('href');
      assert.ok(href.includes(`key_id=${state.limitedKeyId}`), href);
      const csv = await (await page.request.get(href)).text();
      assert.ok(csv.includes(state.limitedRequestId), csv.slice(0, 300));
      assert.ok(!csv.includes(state.assistRequestId), 'the CSV is not filtered by key');
      const groupsHref = await page
        .getByRole('link', { name: 'Export groups CSV' })
        .getAttribute('href');
      assert.ok(groupsHref.includes('group_by=subject'), groupsHref);
      const grouped = await (await page.request.get(groupsHref)).text();
      assert.ok(grouped.startsWith('subject,calls,charge_usd'), grouped.slice(0, 120));
      assert.match(grouped, /customer-a,1,0\.010000/);

      // Group by key, no key filter: each key that made calls is a group.
      await filters.getByLabel('Key', { exact: true }).selectOption('');
      await filters.getByLabel('Group by').selectOption('key');
      await filters.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL((url) => url.searchParams.get('group_by') === 'key');
      await page
        .getByTestId('usage-groups')
        .locator(`tr[data-group="${state.limitedKeyId}"]`)
        .getByText(/e2e limited key/)
        .waitFor();
      await filters.getByRole('button', { name: 'Reset' }).click();
      await page.waitForURL((url) => !url.search.includes('group_by'));
      await assertNoStackTrace(page);
    },
  );

  playgroundSteps({ step, state, shot, heading, assertNoStackTrace, DESKTOP, PHONE });
  i18nSteps({ step, state, shot, heading, assertNoStackTrace, DESKTOP, PHONE });
  finishSteps({ step, state, heading });

  step('revoke', 'revoke asks first, then marks the key revoked', ['create-key'], async () => {
    const { page } = state;
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'API settings' })
      .click();
    await heading(page, 'API settings');
    await page.getByRole('button', { name: 'Revoke key e2e sandbox key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “e2e sandbox key”?' });
    await confirm.waitFor();
    // Escape cancels a confirmation; nothing is revoked.
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    const row = page.getByTestId('keys-table').getByRole('row', { name: /e2e sandbox key/ });
    assert.match(await row.innerText(), /active/);
    await page.getByRole('button', { name: 'Revoke key e2e sandbox key' }).click();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Key “e2e sandbox key” revoked.').waitFor();
    await row.getByText('revoked', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Revoke key e2e sandbox key' }).count(), 0);
  });

  step('revoked-401', 'the revoked key gets 401', ['revoke'], async () => {
    // A revoked key may be trusted by a cache for a few seconds (docs/architecture.md §7: within 5
    // s).
    const deadline = Date.now() + 10_000;
    let result;
    do {
      result = await callAssist(state.key);
      if (result.status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    } while (Date.now() < deadline);
    assert.equal(
      result.status,
      401,
      `answered ${result.status}: ${JSON.stringify(result.body).slice(0, 300)}`,
    );
    assert.equal(result.body.error.code, 'unauthorized');
  });

  step(
    'screenshots',
    'screenshots of overview, credit and usage at desktop and phone widths',
    ['sign-up'],
    async () => {
      const { page } = state;
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/');
        await heading(page, 'Overview');
        await page.getByTestId('balance-test').waitFor();
        await page.getByRole('heading', { name: 'Last calls' }).waitFor();
        await page.locator('.loading').first().waitFor({ state: 'detached' });
        await shot(page, `overview-${size}`);
        await page.goto('/credit');
        await heading(page, 'Credit');
        await page.getByTestId('ledger-table').waitFor();
        await shot(page, `credit-${size}`);
        await page.goto('/usage');
        await heading(page, 'Usage');
        await page.locator('.loading').first().waitFor({ state: 'detached' });
        await shot(page, `usage-${size}`);
      }
      await page.setViewportSize(DESKTOP);
    },
  );

  step(
    'no-access',
    'an account without API access sees no API tab and gets 403 from key routes',
    [],
    async () => {
      const page = await newPage();
      state.plainPage = page;
      const keyRequests = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/account/keys'))
          keyRequests.push(request.url());
      });
      await signUp(page, await state.stack.createInvite({ apiAccess: false }), state.plainEmail);
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await nav.getByRole('link', { name: 'Usage' }).waitFor();
      assert.equal(await nav.getByRole('link', { name: 'API settings' }).count(), 0);
      assert.equal(await nav.getByRole('link', { name: 'Jobs' }).count(), 0);
      assert.equal(await nav.getByRole('link', { name: 'Webhooks' }).count(), 0);
      await page.getByTestId('no-api-access').waitFor();
      // Typing the address shows the explanation, not a key form.
      await page.goto('/api-settings');
      await page.getByTestId('no-api-access').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Create key' }).count(), 0);
      assert.deepEqual(keyRequests, [], 'the UI asked for key routes');
      // And the routes themselves refuse, even to requests made from the page.
      const statuses = await page.evaluate(async () => {
        const json = { 'Content-Type': 'application/json' };
        const list = await fetch('/account/keys', { credentials: 'same-origin' });
        const create = await fetch('/account/keys', {
          method: 'POST',
          headers: json,
          credentials: 'same-origin',
          body: JSON.stringify({ name: 'sneaky', mode: 'test' }),
        });
        const revoke = await fetch('/account/keys/00000000-0000-0000-0000-000000000000', {
          method: 'DELETE',
          credentials: 'same-origin',
        });
        return {
          list: list.status,
          listCode: (await list.json()).error.code,
          create: create.status,
          revoke: revoke.status,
        };
      });
      assert.deepEqual(statuses, { list: 403, listCode: 'forbidden', create: 403, revoke: 403 });
      await assertNoStackTrace(page);
    },
  );

  step('sign-out-in', 'sign out, wrong password, sign in again', ['no-access'], async () => {
    const page = state.plainPage;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    await heading(page, 'Sign in');
    await page.goto('/usage');
    await page.waitForURL(/\/sign-in\?next=%2Fusage/);
    await page.getByLabel('E-mail').fill(state.plainEmail);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Wrong e-mail or password.').waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/usage');
    await heading(page, 'Usage');
  });

  step('reset', 'password reset with a link from the operator CLI', ['no-access'], async () => {
    const page = await newPage();
    await page.goto('/reset-password');
    await heading(page, 'Reset your password');
    await page.getByLabel('E-mail').fill(state.plainEmail);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await heading(page, 'Check your e-mail');
    // Without SMTP nothing is sent and no link is ever logged: the operator's CLI gives one.
    assert.doesNotMatch(state.stack.apiLog(), /\/reset-password\/[A-Za-z0-9_-]{16}/);
    assert.match(state.stack.apiLog(), /SMTP_URL is not set.*reset-link:create/);
    const link = new URL(await state.stack.createResetLink(state.plainEmail)).pathname;
    await page.goto(link);
    await heading(page, 'Choose a new password');
    const fresh = 'a brand new passphrase';
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByLabel('Repeat the password').fill(fresh);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.waitForURL(/\/sign-in\?reset=done/);
    await page.getByText('Your password has been changed.').waitFor();
    await page.getByLabel('E-mail').fill(state.plainEmail);
    await page.getByLabel('Password').fill(fresh);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Overview');
    // The link works once.
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByLabel('Repeat the password').fill(fresh);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('This reset link is not valid or has expired.').waitFor();
    await page.context().close();
  });

  step('admin-invite', 'an administrator invites someone from the overview', [], async () => {
    const page = await newPage();
    await signUp(
      page,
      await state.stack.createInvite({ apiAccess: true, admin: true }),
      `admin-${Date.now()}@example.com`,
    );
    const panel = page.getByRole('region', { name: 'Invite someone' });
    await panel.getByLabel('Grant API access').waitFor();
    assert.equal(await panel.getByLabel('Grant API access').isChecked(), true);
    await panel.getByRole('button', { name: 'Create invite link' }).click();
    const link = (await panel.locator('code.secret').innerText()).trim();
    assert.ok(link.startsWith(`${state.stack.webUrl}/invite/`), link);
    await panel.getByText('and grants API access').waitFor();
    const invited = await newPage();
    await invited.goto(link);
    await heading(invited, 'Create your account');
    await invited.context().close();
    await page.context().close();
  });

  step('no-page-errors', 'no uncaught errors in any page', [], async () => {
    assert.deepEqual(state.pageErrors, []);
  });

  securitySteps({ step, state, newPage });
});

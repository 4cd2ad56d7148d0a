'use strict';
/**
 * Steps of the dashboard's browser test (dashboard.browser-test.js runs them in order, on one
 * stack and one signed-in page): Signing up from an invite, the API settings tab, the first key, test credit, the first
 * assist call, its usage and ledger rows and the overview.
 */
/* global document, navigator -- in page.evaluate() */
const assert = require('node:assert/strict');

function accountSteps({
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
}) {
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
}

module.exports = { accountSteps };

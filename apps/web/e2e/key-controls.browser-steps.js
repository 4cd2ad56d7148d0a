'use strict';
/**
 * Steps of the dashboard's browser test (dashboard.browser-test.js runs them in order, on one
 * stack and one signed-in page): Key controls in the dashboard: a limited key, its spend, editing, rolling and the audit
 * trail, subject limits, and usage by key.
 */
const assert = require('node:assert/strict');

function keyControlSteps({
  step,
  state,
  assertNoStackTrace,
  shot,
  heading,
  callAssist,
  callOperation,
  DESKTOP,
  PHONE,
}) {
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
      for (const operation of ['assist', 'scan', 'playbook', 'music', 'trends']) {
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
      for (const operation of ['scan', 'playbook', 'music', 'trends']) {
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

      // By customer and day: the same rollups as GET /v1/usage?group_by=subject, and its CSV.
      const customers = page.getByTestId('usage-customers');
      const customerA = customers.locator('tr[data-subject="customer-a"]');
      await customerA.waitFor();
      assert.match(await customerA.innerText(), /customer-a[\s\S]*\b1\b[\s\S]*\$0\.010000/);
      assert.equal(await customers.locator('tr[data-subject="customer-b"]').count(), 1);
      const customersHref = await page
        .getByRole('link', { name: 'Export by-customer CSV' })
        .getAttribute('href');
      assert.ok(customersHref.includes(`key_id=${state.limitedKeyId}`), customersHref);
      const byCustomer = await (await page.request.get(customersHref)).text();
      assert.ok(
        byCustomer.startsWith(
          'start,end,subject,calls,charged_calls,charged_usd,refused_calls\r\n',
        ),
        byCustomer.slice(0, 120),
      );
      assert.match(byCustomer, /Z,customer-a,1,1,0\.010000,0\r\n/);

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
}

module.exports = { keyControlSteps };

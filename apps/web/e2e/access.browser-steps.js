'use strict';
/**
 * Steps of the dashboard's browser test (dashboard.browser-test.js runs them in order, on one
 * stack and one signed-in page): Revoking a key, the README screenshots, an account without API access, signing out and in,
 * a password reset from the operator CLI, and an administrator's invite.
 */
const assert = require('node:assert/strict');

function accessSteps({
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
}) {
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
    // A revoked key may be trusted by a cache for a few seconds (docs/architecture.md §7: within 5 s).
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
}

module.exports = { accessSteps };

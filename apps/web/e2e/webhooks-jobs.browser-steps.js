'use strict';
/**
 * Steps of the dashboard's browser test (dashboard.browser-test.js runs them in order, on one
 * stack and one signed-in page): A webhook endpoint, an asynchronous job and the jobs page, and the signed delivery of the
 * job's event to a local receiver.
 */
/* global navigator -- in page.evaluate() */
const assert = require('node:assert/strict');
const { Webhook } = require('standardwebhooks');

function webhookJobSteps({
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
}) {
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
}

module.exports = { webhookJobSteps };

'use strict';
/**
 * A new user's first hour, as steps of the dashboard's browser test: every page loads
 * without a single 404 for its assets (scripts, styles, fonts, the favicon and app icons, the
 * manifest), and ends with the API's address and links to its reference and OpenAPI document;
 * signed in and signed out.
 */
const assert = require('node:assert/strict');

/** Requests for the page's own assets (not the API calls it makes) that answered 404. */
function watchAssets(page, origin) {
  const missing = [];
  const listener = (response) => {
    const request = response.request();
    if (['fetch', 'xhr'].includes(request.resourceType())) return;
    if (!response.url().startsWith(origin)) return;
    if (response.status() === 404) missing.push(`${request.resourceType()} ${response.url()}`);
  };
  page.on('response', listener);
  return { missing, stop: () => page.off('response', listener) };
}

const PAGES = [
  ['/', 'Overview'],
  ['/api-settings', 'API settings'],
  ['/credit', 'Credit'],
  ['/usage', 'Usage'],
  ['/jobs', 'Jobs'],
  ['/watches', 'Watches'],
  ['/webhooks', 'Webhooks'],
  ['/playground', 'Playground'],
];

/**
 * @param {object} t the dashboard test's helpers: step, state, heading
 */
function finishSteps({ step, state, heading }) {
  async function checkFooter(page) {
    const { apiUrl } = state.stack;
    const footer = page.locator('footer.site-footer');
    await footer.waitFor();
    const shown = (await footer.getByTestId('api-address').innerText()).trim();
    // The address integrators use (API_PUBLIC_URL, default http://localhost:<API port>).
    assert.equal(new URL(shown).port, new URL(apiUrl).port, `footer shows ${shown}`);
    assert.equal(
      await footer.getByRole('link', { name: 'API reference' }).getAttribute('href'),
      `${shown}/docs`,
    );
    assert.equal(
      await footer.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href'),
      `${shown}/openapi.json`,
    );
  }

  step(
    'assets-signed-in',
    'every dashboard page: no asset answers 404 (favicon, icons, manifest included); the API address and reference are shown',
    ['create-key'],
    async () => {
      const { page } = state;
      const { webUrl } = state.stack;
      const assets = watchAssets(page, webUrl);
      try {
        for (const [path, title] of PAGES) {
          await page.goto(`${webUrl}${path}`);
          await heading(page, title);
          await page.waitForLoadState('networkidle');
          await checkFooter(page);
        }
        // The icons the pages point at are there, and are images.
        const icons = await page
          .locator('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
        assert.ok(icons.length >= 3, `icon links: ${icons.join(', ')}`);
        for (const href of icons) {
          const res = await page.request.get(new URL(href, webUrl).toString());
          assert.equal(res.status(), 200, href);
          assert.match(res.headers()['content-type'] ?? '', /image\/|manifest|json/, href);
        }
        const favicon = await page.request.get(`${webUrl}/favicon.ico`);
        assert.equal(favicon.status(), 200, '/favicon.ico');
      } finally {
        assets.stop();
      }
      assert.deepEqual(assets.missing, []);
    },
  );

  step(
    'assets-signed-out',
    'the signed-out pages: no asset answers 404; the API address and reference are shown',
    [],
    async () => {
      const context = await state.browser.newContext();
      const page = await context.newPage();
      const { webUrl } = state.stack;
      const assets = watchAssets(page, webUrl);
      try {
        await page.goto(`${webUrl}/sign-in`);
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        await page.waitForLoadState('networkidle');
        await checkFooter(page);
      } finally {
        assets.stop();
        await context.close();
      }
      assert.deepEqual(assets.missing, []);
    },
  );
}

module.exports = { finishSteps };

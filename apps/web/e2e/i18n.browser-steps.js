'use strict';
/**
 * The dashboard in two languages, as steps of the dashboard's browser test (same stack,
 * the signed-in account with API access from its `sign-up` step): the language switch in the
 * header turns the nav and the page into simplified Chinese and back, keyboard included, and
 * remembers the choice in the `NEXT_LOCALE` cookie; every dashboard page in zh-Hans at phone
 * width has no horizontal scroll (screenshot docs/screenshots/zh-hans-overview-phone.png under
 * `npm run screenshots`) and writes money as Chinese does (`US$`); a browser asking for zh-CN gets
 * the sign-in page in Chinese without a cookie, with the API's errors in Chinese, and the switch
 * on the public pages brings English back. Chinese is drawn with the dashboard's own font (Noto
 * Sans SC, served with the build), so no browser shows empty boxes.
 */
/* global document, window -- in page.evaluate() */
const assert = require('node:assert/strict');

const COOKIE = 'NEXT_LOCALE';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The dashboard's pages and their headings in zh-Hans. */
const ZH_PAGES = [
  { path: '/', heading: '概览' },
  { path: '/api-settings', heading: 'API 设置' },
  { path: '/jobs', heading: '任务' },
  { path: '/watches', heading: '监控' },
  { path: '/trends', heading: '趋势' },
  { path: '/webhooks', heading: 'Webhook' },
  { path: '/credit', heading: '额度' },
  { path: '/usage', heading: '用量' },
  { path: '/playground', heading: '在线体验' },
];

/**
 * @param {object} t the dashboard test's helpers: step, state, shot, heading, assertNoStackTrace,
 *   DESKTOP, PHONE
 */
function i18nSteps({ step, state, shot, heading, assertNoStackTrace, DESKTOP, PHONE }) {
  /** The language switch, named in the page's language ('Language' / '语言'). */
  const languageSwitch = (page, name) => page.getByRole('group', { name });

  async function htmlLang(page) {
    return page.evaluate(() => document.documentElement.lang);
  }

  async function localeCookie(context) {
    return (await context.cookies()).find((cookie) => cookie.name === COOKIE);
  }

  async function noHorizontalScroll(page) {
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    assert.ok(
      widths.scroll <= widths.view,
      `horizontal scroll on ${page.url()}: ${JSON.stringify(widths)}`,
    );
  }

  /** A second window on the signed-in account (its session cookie), in `locale`. */
  async function signedInPage(locale, viewport) {
    const context = await state.browser.newContext({ baseURL: state.stack.webUrl, viewport });
    const url = new URL(state.stack.webUrl);
    const session = (await state.page.context().cookies()).filter(
      (cookie) => cookie.name !== COOKIE,
    );
    await context.addCookies([
      ...session,
      { name: COOKIE, value: locale, domain: url.hostname, path: '/', sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => state.pageErrors.push(`${page.url()}: ${error.message}`));
    return page;
  }

  step(
    'i18n-switch',
    'the language switch turns the nav and the page into simplified Chinese and back',
    ['sign-up'],
    async () => {
      const { page } = state;
      const context = page.context();
      try {
        await page.goto('/');
        await heading(page, 'Overview');
        assert.equal(await htmlLang(page), 'en');
        const english = languageSwitch(page, 'Language');
        assert.equal(
          await english.getByRole('button', { name: 'English' }).getAttribute('aria-pressed'),
          'true',
        );

        await english.getByRole('button', { name: '简体中文' }).click();
        await heading(page, '概览');
        const nav = page.getByRole('navigation', { name: '控制台' });
        for (const link of ['概览', 'API 设置', '任务', 'Webhook', '额度', '用量'])
          await nav.getByRole('link', { name: link, exact: true }).waitFor();
        assert.equal(await htmlLang(page), 'zh-Hans');
        await page.getByRole('button', { name: '退出登录' }).waitFor();
        // After the switch the page refreshes in place; its <title> follows a moment later.
        await page
          .waitForFunction(() => document.title === '概览 · Reelscout', null, { timeout: 10_000 })
          .catch(() => undefined); // the assertion below says what the title was instead
        assert.match(await page.title(), /^概览 · Reelscout$/);

        // The choice is a cookie for the whole site, for a year, and survives a reload.
        const cookie = await localeCookie(context);
        assert.equal(cookie?.value, 'zh-Hans');
        assert.equal(cookie.path, '/');
        assert.equal(cookie.sameSite, 'Lax');
        const lifetime = cookie.expires - Date.now() / 1000;
        assert.ok(lifetime > ONE_YEAR_S - 86_400 && lifetime <= ONE_YEAR_S + 60, `${lifetime} s`);
        await page.reload();
        await heading(page, '概览');

        // Another page, then back to English from the keyboard.
        await nav.getByRole('link', { name: 'API 设置', exact: true }).click();
        await heading(page, 'API 设置');
        const chinese = languageSwitch(page, '语言');
        assert.equal(
          await chinese.getByRole('button', { name: '简体中文' }).getAttribute('aria-pressed'),
          'true',
        );
        await chinese.getByRole('button', { name: 'English' }).focus();
        await page.keyboard.press('Enter');
        await heading(page, 'API settings');
        await page
          .getByRole('navigation', { name: 'Dashboard' })
          .getByRole('link', { name: 'Overview', exact: true })
          .waitFor();
        assert.equal(await htmlLang(page), 'en');
        assert.equal((await localeCookie(context))?.value, 'en');
        await assertNoStackTrace(page);
      } finally {
        // The steps after this one read the English texts: back to the browser's language.
        await context.clearCookies({ name: COOKIE });
      }
    },
  );

  step(
    'i18n-phone',
    'every dashboard page in zh-Hans fits a phone (390 px) without horizontal scroll',
    ['sign-up'],
    async () => {
      const page = await signedInPage('zh-Hans', PHONE);
      try {
        for (const { path, heading: title } of ZH_PAGES) {
          await page.goto(path);
          await heading(page, title);
          await page.locator('.loading').first().waitFor({ state: 'detached', timeout: 15_000 });
          await noHorizontalScroll(page);
          await assertNoStackTrace(page);
        }
        await page.goto('/');
        await heading(page, '概览');
        await page.getByTestId('balance-test').waitFor();
        await page.getByRole('heading', { name: '最近调用' }).waitFor();
        await page.locator('.loading').first().waitFor({ state: 'detached', timeout: 15_000 });
        await noHorizontalScroll(page);
        // Money as Chinese writes US dollars (`US$0.000000`, grouped), not the English `$`.
        const balance = (await page.getByTestId('balance-test').innerText()).trim();
        assert.match(balance, /US\$\d{1,3}(,\d{3})*\.\d{6}/, balance);
        assert.doesNotMatch(balance, /(^|[^S])\$/, balance);
        // The Chinese text is drawn with the dashboard's own Chinese face (no system font
        // assumed): the ranges the page uses were fetched from the dashboard and loaded.
        const faces = await page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts]
            .filter((face) => face.family.replace(/["']/g, '') === 'Noto Sans SC Variable')
            .map((face) => face.status);
        });
        assert.ok(faces.includes('loaded'), `Noto Sans SC faces: ${JSON.stringify(faces)}`);
        assert.match(
          await page.evaluate(() => window.getComputedStyle(document.body).fontFamily),
          /^"?Noto Sans SC Variable/,
        );
        await shot(page, 'zh-hans-overview-phone');
        // The header's controls are all on screen at phone width.
        for (const name of ['English', '简体中文', '退出登录']) {
          const box = await page.getByRole('button', { name }).boundingBox();
          assert.ok(
            box && box.x >= 0 && box.x + box.width <= PHONE.width,
            `${name}: ${JSON.stringify(box)}`,
          );
        }
      } finally {
        await page.context().close();
      }
    },
  );

  step(
    'i18n-accept-language',
    'a browser asking for zh-CN gets the sign-in page in Chinese without a cookie',
    [],
    async () => {
      const context = await state.browser.newContext({
        baseURL: state.stack.webUrl,
        viewport: DESKTOP,
        locale: 'zh-CN',
      });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        page.on('pageerror', (error) => state.pageErrors.push(`${page.url()}: ${error.message}`));
        const response = await page.goto('/sign-in');
        assert.match((await response.request().allHeaders())['accept-language'] ?? '', /^zh-CN/);
        await heading(page, '登录');
        assert.equal(await htmlLang(page), 'zh-Hans');
        assert.equal(await localeCookie(context), undefined);
        await page.getByLabel('邮箱').waitFor();
        await page.getByLabel('密码').waitFor();
        await page.getByRole('button', { name: '登录', exact: true }).waitFor();
        await page.getByRole('link', { name: '忘记密码？' }).waitFor();
        assert.match(await page.title(), /^登录 · Reelscout$/);

        // The API's errors in the page's language: its code's text, not its English message
        // (an e-mail with no account, so no other step's sign-in throttle is touched).
        await page.getByLabel('邮箱').fill(`nobody-${Date.now()}@example.com`);
        await page.getByLabel('密码').fill('not the password at all');
        await page.getByRole('button', { name: '登录', exact: true }).click();
        await page.getByText('您尚未登录，或邮箱或密码错误。').waitFor();
        assert.equal(await page.getByText('Wrong e-mail or password.').count(), 0);

        // The public pages have the switch too: English, remembered over the browser's choice.
        await page
          .getByRole('group', { name: '语言' })
          .getByRole('button', { name: 'English' })
          .click();
        await heading(page, 'Sign in');
        assert.equal(await htmlLang(page), 'en');
        assert.equal((await localeCookie(context))?.value, 'en');
        await page.goto('/reset-password');
        await heading(page, 'Reset your password');
        await assertNoStackTrace(page);
      } finally {
        await context.close();
      }
    },
  );
}

module.exports = { i18nSteps };

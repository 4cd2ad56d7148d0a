'use strict';
/**
 * The Trends page in Chromium, a step of the dashboard's browser test (same stack, same
 * signed-in account with test credit): the sandbox's sounds of network_a with a stage badge and
 * a small history chart per item, then only the rising hashtags of network_b over 30 days, then
 * the same page in simplified Chinese (its labels and stage badges) and back to English.
 */
const assert = require('node:assert/strict');

const STAGES = ['new', 'rising', 'steady', 'fading'];

function trendSteps({ step, state, shot, heading, assertNoStackTrace }) {
  step(
    'trends-page',
    'trends: sounds with stage badges and history charts, a stage filter, and the page in zh-Hans',
    ['test-credit'],
    async () => {
      const { page } = state;
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await nav.getByRole('link', { name: 'Trends' }).click();
      await heading(page, 'Trends');
      assert.equal(await page.getByRole('radio', { name: 'Test' }).isChecked(), true);

      await page.getByTestId('trends-run').click();
      const rows = page.locator('[data-testid="trends-table"] [data-testid="trend-row"]');
      await rows.first().waitFor({ timeout: 60_000 });
      const stages = await rows.evaluateAll((all) => all.map((row) => row.dataset.stage));
      assert.ok(stages.length > 10, `rows: ${stages.length}`);
      for (const stage of stages) assert.ok(STAGES.includes(stage), stage);
      // Every row draws its history, labelled with its stage.
      assert.equal(await page.getByTestId('trend-chart').count(), stages.length);
      const label = await page.getByTestId('trend-chart').first().getAttribute('aria-label');
      assert.match(label, /(New|Rising|Steady|Fading), daily history over 14 days$/);
      await shot(page, 'trends-desktop');

      // Only the rising hashtags of network_b over 30 days.
      await page.getByLabel('Kind').selectOption('hashtags');
      await page.getByLabel('Market').selectOption('network_b');
      await page.getByLabel('Window').selectOption('30');
      await page.getByRole('checkbox', { name: 'Rising' }).check();
      await page.getByTestId('trends-run').click();
      await page
        .locator('[data-testid="trends-summary"]')
        .filter({ hasText: 'last 60 days' })
        .waitFor({ timeout: 60_000 });
      const rising = await rows.evaluateAll((all) => all.map((row) => row.dataset.stage));
      assert.ok(rising.length > 0);
      assert.deepEqual([...new Set(rising)], ['rising']);
      assert.match(await rows.first().innerText(), /#\S+/);

      // The same page in simplified Chinese.
      await page
        .getByRole('group', { name: 'Language' })
        .getByRole('button', { name: '简体中文' })
        .click();
      await heading(page, '趋势');
      await page.getByTestId('trends-run').click();
      await rows.first().waitFor({ timeout: 60_000 });
      const badge = await rows.first().locator('.badge').innerText();
      assert.ok(['新上榜', '上升', '平稳', '下降'].includes(badge.trim()), badge);
      await page.getByRole('columnheader', { name: '阶段' }).waitFor();
      await shot(page, 'trends-zh-hans-desktop');
      await page
        .getByRole('group', { name: '语言' })
        .getByRole('button', { name: 'English' })
        .click();
      await heading(page, 'Trends');
      await assertNoStackTrace(page);
    },
  );
}

module.exports = { trendSteps };

import en from '../messages/en.json';
import zhHans from '../messages/zh-Hans.json';
import { firstCallCurl } from './api-address';
import { toChartRows } from './chart-rows';
import { formatDateTime, formatUtc, moneyLocale, usd, usdDecimal, usdShort } from './format';
import { checkPurchase } from './purchase';
import { checkoutOutcome } from './checkout-status';
import { queryString, safeNextPath } from './api';
import {
  auditChanges,
  checkSettings,
  EMPTY_SETTINGS,
  isoToLocalInput,
  localInputToIso,
  microsToUsdInput,
  settingsPatch,
  usdToMicros,
} from './key-settings';
import {
  checkFilters,
  filtersToPageQuery,
  daysBetween,
  filtersFromSearch,
  filtersToApiQuery,
  nextDay,
  NO_FILTERS,
} from './usage-filters';

describe('times carry their zone', () => {
  it('local time with the offset, UTC for the hover and the CSV', () => {
    const iso = '2025-11-21T15:42:10.000Z';
    expect(formatDateTime(iso, { timeZone: 'Asia/Shanghai' })).toBe('21 Nov 2025, 23:42 GMT+8');
    expect(formatDateTime(iso, { timeZone: 'America/New_York', withSeconds: true })).toBe(
      '21 Nov, 10:42:10 GMT-5',
    );
    expect(formatDateTime(iso, { timeZone: 'UTC' })).toBe('21 Nov 2025, 15:42 GMT+0');
    expect(formatUtc(iso)).toBe('2025-11-21 15:42:10 UTC');
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});

describe('the first call after a key is created', () => {
  it('is one copyable command with the key and the API address', () => {
    const command = firstCallCurl('https://api.example.com', 'rs_test_abc');
    const lines = command.split('\n');
    // The key is set once (kept out of the shell history), then used through the variable.
    expect(lines[0]).toBe(" export REELSCOUT_API_KEY='rs_test_abc'");
    expect(lines[1]).toBe('curl -sS https://api.example.com/v1/assist \\');
    expect(command).toContain('-H "Authorization: Bearer $REELSCOUT_API_KEY"');
    expect(command.match(/rs_test_abc/g)).toHaveLength(1);
    expect(command.endsWith(`-d '{"message": "show me trending home espresso reels"}'`)).toBe(true);
  });
});

describe('money display', () => {
  it('shows six decimals from integers, with the sign before the dollar', () => {
    expect(usd(10_000)).toBe('$0.010000');
    expect(usd(-7_500)).toBe('-$0.007500');
    expect(usd(123_456_789_012)).toBe('$123,456.789012');
    expect(usd(0)).toBe('$0.000000');
  });

  it('writes money as each language does: US$ and grouping in zh-Hans', () => {
    expect(usd(10_000, 'en')).toBe('$0.010000');
    expect(usd(10_000, 'zh-Hans')).toBe('US$0.010000');
    expect(usd(1_234_500_000, 'en')).toBe('$1,234.500000');
    expect(usd(1_234_500_000, 'zh-Hans')).toBe('US$1,234.500000');
    expect(usd(-7_500, 'zh-Hans')).toBe('-US$0.007500');
    // The date locales (en-GB, zh-Hans-CN) pick the same money forms.
    expect(usd(10_000, 'en-GB')).toBe('$0.010000');
    expect(usd(10_000, 'zh-Hans-CN')).toBe('US$0.010000');
  });

  it('stays exact for amounts a float cannot hold', () => {
    // Micros / 1e6 as a float would lose the last digits of these; the decimal text does not.
    expect(usd(Number.MAX_SAFE_INTEGER)).toBe('$9,007,199,254.740991');
    expect(usd(-Number.MAX_SAFE_INTEGER, 'zh-Hans')).toBe('-US$9,007,199,254.740991');
    expect(usdDecimal('12345678901234567890.123456')).toBe('$12,345,678,901,234,567,890.123456');
    expect(usd(1_000_000_000_000_001)).toBe('$1,000,000,000.000001');
  });

  it('writes a decimal string with exactly its own decimals', () => {
    expect(usdDecimal('25')).toBe('$25');
    expect(usdDecimal('5.00', 'zh-Hans')).toBe('US$5.00');
    expect(usdDecimal('0.010000')).toBe('$0.010000');
    expect(usdDecimal('-0.0075', 'zh-Hans')).toBe('-US$0.0075');
    expect(usdDecimal('1000.00')).toBe('$1,000.00');
    expect(usdDecimal('ten')).toBe('ten');
  });

  it('shortens chart ticks without float error', () => {
    expect(usdShort(12_500_000)).toBe('$12.50');
    expect(usdShort(7_500)).toBe('$0.0075');
    expect(usdShort(0)).toBe('$0.00');
    expect(usdShort(30_000.0000001)).toBe('$0.03');
    expect(usdShort(1_234_000_000)).toBe('$1,234.00');
    expect(usdShort(-7_500)).toBe('-$0.0075');
  });

  it('shortens chart ticks in zh-Hans too', () => {
    expect(usdShort(12_500_000, 'zh-Hans')).toBe('US$12.50');
    expect(usdShort(7_500, 'zh-Hans')).toBe('US$0.0075');
    expect(usdShort(1_234_000_000, 'zh-Hans')).toBe('US$1,234.00');
  });

  it('maps any locale to the one money is written in', () => {
    expect(moneyLocale('en')).toBe('en-US');
    expect(moneyLocale('en-GB')).toBe('en-US');
    expect(moneyLocale('zh-Hans')).toBe('zh-Hans-CN');
    expect(moneyLocale('zh-Hans-CN')).toBe('zh-Hans-CN');
  });
});

describe('buying credit', () => {
  const limits = { min: '5.00', max: '1000.00' };
  it('normalises amounts to whole cents', () => {
    expect(checkPurchase('25', limits)).toEqual({ amountUsd: '25.00' });
    expect(checkPurchase('$40.5', limits)).toEqual({ amountUsd: '40.50' });
    expect(checkPurchase('1000.00', limits)).toEqual({ amountUsd: '1000.00' });
  });
  it.each(['4.99', '1000.01', '10.001', 'ten', '', '-5', '1e3'])('refuses %p', (text) => {
    expect(checkPurchase(text, limits)).toHaveProperty('error');
  });
});

describe('checkout return', () => {
  it('keeps waiting while the checkout is open, or for a status it does not know', () => {
    expect(checkoutOutcome('open')).toEqual({ kind: 'waiting' });
    expect(checkoutOutcome('something_new')).toEqual({ kind: 'waiting' });
  });
  it('shows the credit once paid', () => {
    expect(checkoutOutcome('paid')).toEqual({ kind: 'paid' });
  });
  it.each([
    ['failed', 'Payment failed', /did not go through/],
    ['expired', 'Checkout expired', /expired before it was paid/],
  ] as const)('stops waiting when %p and says nothing was charged', (status, title, reason) => {
    const outcome = checkoutOutcome(status);
    expect(outcome).toEqual({ kind: 'unpaid', reason: status });
    const texts = en.credit.checkout[status];
    expect(texts.title).toBe(title);
    expect(texts.message).toMatch(reason);
    expect(texts.message).toMatch(/nothing was charged and no credit was added/);
    expect(zhHans.credit.checkout[status].message).toMatch(/未扣款/);
  });
});

describe('usage filters', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('reads only valid filters from the URL', () => {
    expect(
      filtersFromSearch(
        params('mode=test&operation=scan&subject=acme&from=2025-11-01&to=2025-11-30'),
      ),
    ).toEqual({
      mode: 'test',
      operation: 'scan',
      subject: 'acme',
      from: '2025-11-01',
      to: '2025-11-30',
      keyId: '',
      groupBy: '',
    });
    expect(
      filtersFromSearch(params('key_id=0b7c2f7e-5d1a-4c1e-9a51-2f0e8d7c6b5a&group_by=subject')),
    ).toEqual({ ...NO_FILTERS, keyId: '0b7c2f7e-5d1a-4c1e-9a51-2f0e8d7c6b5a', groupBy: 'subject' });
    expect(
      filtersFromSearch(
        params('mode=prod&operation=x&from=2025-02-30&to=nope&key_id=1;drop&group_by=mode'),
      ),
    ).toEqual(NO_FILTERS);
  });

  it('sends UTC bounds with an exclusive end the day after "to"', () => {
    expect(
      filtersToApiQuery({
        ...NO_FILTERS,
        subject: '  acme ',
        from: '2025-12-31',
        to: '2025-12-31',
      }),
    ).toEqual({
      subject: 'acme',
      from: '2025-12-31T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
  });

  it('refuses a range that ends before it starts', () => {
    expect(checkFilters({ ...NO_FILTERS, from: '2025-11-02', to: '2025-11-01' })).toBe(
      'fromAfterTo',
    );
    expect(checkFilters({ ...NO_FILTERS, from: '2025-11-01', to: '2025-11-01' })).toBeNull();
  });

  it('lists days, or gives up on spans too long to draw', () => {
    expect(daysBetween('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(daysBetween('2020-01-01', '2025-01-01')).toBeNull();
  });
});

describe('chart rows', () => {
  it('fills missing days with zero and keeps one column per operation, in price-list order', () => {
    const { rows, operations } = toChartRows(
      [
        { day: '2025-11-01', operation: 'scan', chargedMicros: 150_000, calls: 1 },
        { day: '2025-11-03', operation: 'assist', chargedMicros: 20_000, calls: 2 },
      ],
      { from: '2025-11-01' },
    );
    expect(operations).toEqual(['assist', 'scan']);
    expect(rows).toEqual([
      { day: '2025-11-01', assist: 0, scan: 150_000 },
      { day: '2025-11-02', assist: 0, scan: 0 },
      { day: '2025-11-03', assist: 20_000, scan: 0 },
    ]);
  });

  it('shows at least two weeks when no start is chosen', () => {
    const { rows } = toChartRows([
      { day: '2025-11-21', operation: 'assist', chargedMicros: 10_000, calls: 1 },
    ]);
    expect(rows).toHaveLength(14);
    expect(rows[0]).toEqual({ day: '2025-11-08', assist: 0 });
    expect(rows[13]).toEqual({ day: '2025-11-21', assist: 10_000 });
  });
});

describe('navigation helpers', () => {
  it('only follows local paths after sign-in', () => {
    expect(safeNextPath('/usage?mode=test')).toBe('/usage?mode=test');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });

  it('builds query strings from the values that are set', () => {
    expect(queryString({ mode: 'test', cursor: undefined, subject: '', limit: 5 })).toBe(
      '?mode=test&limit=5',
    );
    expect(queryString({})).toBe('');
  });
});

describe('key settings', () => {
  const key = {
    id: 'k1',
    name: 'reseller',
    mode: 'test' as const,
    start: 'rs_test_AbCd…',
    createdAt: '2025-11-01T00:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    status: 'active' as const,
    rolledFrom: null,
    spend: { totalMicros: 0, dailyMicros: 0, monthlyMicros: 0 },
    limits: { totalMicros: null, dailyMicros: 5_000_000, monthlyMicros: null },
    operations: ['assist'],
    expiresAt: null,
    subjectLimits: { dailyMicros: null, monthlyMicros: null },
  };

  it('turns USD text into integer micros without floats', () => {
    expect(usdToMicros('')).toBeNull();
    expect(usdToMicros(' 5 ')).toBe(5_000_000);
    expect(usdToMicros('$0.000001')).toBe(1);
    expect(usdToMicros('1.1')).toBe(1_100_000);
    expect(usdToMicros('0.29')).toBe(290_000);
    expect(usdToMicros('0')).toBe(0);
    expect(usdToMicros('-1')).toBeUndefined();
    expect(usdToMicros('1.0000001')).toBeUndefined();
    expect(usdToMicros('1e3')).toBeUndefined();
    expect(microsToUsdInput(1_250_000)).toBe('1.25');
    expect(microsToUsdInput(7)).toBe('0.000007');
    expect(microsToUsdInput(null)).toBe('');
  });

  it('round-trips a local date-time to ISO', () => {
    const iso = localInputToIso('2030-01-02T03:04');
    expect(typeof iso).toBe('string');
    expect(isoToLocalInput(iso as string)).toBe('2030-01-02T03:04');
    expect(localInputToIso('')).toBeNull();
  });

  it('sends every operation as null and names the bad field by its API param', () => {
    const all = checkSettings({ ...EMPTY_SETTINGS, name: 'x' }, en.keys.settingsTexts);
    expect(all.ok && all.body.operations).toBeNull();
    const bad = checkSettings(
      { ...EMPTY_SETTINGS, name: '', dailyUsd: 'ten', operations: [] },
      en.keys.settingsTexts,
    );
    expect(bad.ok).toBe(false);
    expect(!bad.ok && Object.keys(bad.fields).sort()).toEqual([
      'limits.dailyMicros',
      'name',
      'operations',
    ]);
  });

  it('patches only what changed; an emptied limit is null', () => {
    const checked = checkSettings(
      {
        ...EMPTY_SETTINGS,
        name: 'reseller',
        dailyUsd: '',
        monthlyUsd: '20',
        operations: ['assist'],
      },
      en.keys.settingsTexts,
    );
    expect(checked.ok && settingsPatch(key, checked.body)).toEqual({
      limits: { dailyMicros: null, monthlyMicros: 20_000_000 },
    });
  });

  it('shows an audit entry as before → after, in the page language', () => {
    const entry = {
      id: 'a',
      actor: 'account' as const,
      action: 'update' as const,
      createdAt: '2025-11-01T00:00:00.000Z',
      before: { limits: { dailyMicros: 5_000_000, totalMicros: null }, operations: ['assist'] },
      after: { limits: { dailyMicros: null, totalMicros: null }, operations: null },
    };
    expect(auditChanges(entry, en.keys.settingsTexts)).toEqual([
      { field: 'daily limit', before: '$5.00', after: 'none' },
      { field: 'operations', before: 'assist', after: 'all' },
    ]);
    expect(auditChanges(entry, zhHans.keys.settingsTexts)).toEqual([
      { field: '每日限额', before: '$5.00', after: '无' },
      { field: '操作', before: 'assist', after: '全部' },
    ]);
    // As the audit trail calls it in zh-Hans: amounts as Chinese writes US dollars.
    expect(auditChanges(entry, zhHans.keys.settingsTexts, 'zh-Hans-CN')[0]).toEqual({
      field: '每日限额',
      before: 'US$5.00',
      after: '无',
    });
  });

  it('keeps key and grouping in the page URL with the API names', () => {
    expect(filtersToPageQuery({ ...NO_FILTERS, keyId: 'k', groupBy: 'key' })).toEqual({
      key_id: 'k',
      group_by: 'key',
    });
  });
});

/**
 * The price list is stated once for readers, in docs/api.md's "Prices" table, written out from
 * prices.ts. Other pages link to it; the texts that cannot link (the MCP tools' descriptions, read
 * by a model, and the load test's expectations) are pinned to prices.ts here, so none can drift.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatUsd, maxCharge, PRICES } from '@reelscout/domain';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The rows of docs/api.md's price table: operation → its price cell. */
function priceTable(): Map<string, string> {
  const text = read('docs/api.md');
  const section = text.slice(text.indexOf('### Prices'));
  const rows = new Map<string, string>();
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('#')) break;
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length >= 4 && /^[a-z]+$/.test(cells[1]) && cells[1] !== 'operation') {
      rows.set(cells[1], cells[2]);
    }
  }
  return rows;
}

/** Every amount written `N.NNN USD` in a text, in micro-USD. */
const usdAmounts = (text: string) =>
  [...text.matchAll(/(\d+\.\d+) USD/g)].map((match) => Math.round(Number(match[1]) * 1_000_000));

describe('the price list, stated once', () => {
  it('docs/api.md lists each operation at its prices.ts price', () => {
    const rows = priceTable();
    expect([...rows.keys()].sort()).toEqual([
      'assist',
      'creator',
      'music',
      'playbook',
      'scan',
      'trends',
    ]);
    expect(rows.get('assist')).toMatch(new RegExp(`^${formatUsd(PRICES.assist)} per call`));
    expect(rows.get('scan')).toMatch(new RegExp(`^${formatUsd(PRICES.scanPerReel)} per reel`));
    expect(rows.get('scan')).toContain(`(${formatUsd(maxCharge('scan'))} for 20)`);
    expect(rows.get('playbook')).toMatch(new RegExp(`^${formatUsd(PRICES.playbook)} per call`));
    expect(rows.get('music')).toMatch(new RegExp(`^${formatUsd(PRICES.music)} per call`));
    expect(rows.get('trends')).toMatch(new RegExp(`^${formatUsd(PRICES.trends)} per call`));
    expect(rows.get('creator')).toMatch(
      new RegExp(`^${formatUsd(PRICES.creatorRun)} per creator watch run`),
    );
  });

  it('no other page restates a price: they link to the table', () => {
    const pages = [
      'README.md',
      ...fs.readdirSync(path.join(ROOT, 'docs')).map((name) => path.join('docs', name)),
    ].filter((file) => file.endsWith('.md') && file !== path.join('docs', 'api.md'));
    // performance.md records measured runs, whose figures include what was charged.
    const checked = pages.filter((file) => file !== path.join('docs', 'performance.md'));
    const unitPrices = Object.values(PRICES).map((micros) => formatUsd(micros));
    const offenders = checked.flatMap((file) => {
      const text = read(file);
      return unitPrices
        .filter((price) => new RegExp(`(^|[^\\d.])${price.replace('.', '\\.')}(?!\\d)`).test(text))
        .map((price) => `${file}: ${price}`);
    });
    expect(offenders).toEqual([]);
  });

  it('the MCP tools tell a model the prices of prices.ts', () => {
    const source = read('libs/mcp/src/descriptions.ts');
    const description = (tool: string) => {
      const start = source.indexOf(`\n  ${tool}: [`);
      expect(start).toBeGreaterThan(0);
      return source.slice(start, source.indexOf('].join', start));
    };
    expect(usdAmounts(description('assist'))).toEqual([PRICES.assist]);
    expect(usdAmounts(description('scan'))).toEqual([PRICES.scanPerReel, maxCharge('scan')]);
    expect(usdAmounts(description('playbook'))).toEqual([PRICES.playbook]);
    expect(usdAmounts(description('music'))).toEqual([PRICES.music]);
    expect(usdAmounts(description('get_trends'))).toEqual([PRICES.trends]);
    expect(usdAmounts(description('create_watch'))).toEqual([PRICES.scanPerReel]);
    expect(usdAmounts(description('run_watch'))).toEqual([PRICES.scanPerReel, PRICES.creatorRun]);
    expect(usdAmounts(description('track_creator'))).toEqual([PRICES.creatorRun]);
  });

  it('the load test expects the prices of prices.ts', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { PRICE } = require(path.join(ROOT, 'scripts', 'load', 'settings.js')) as {
      PRICE: { assist: number; scanReel: number };
    };
    expect(PRICE).toEqual({ assist: PRICES.assist, scanReel: PRICES.scanPerReel });
  });
});

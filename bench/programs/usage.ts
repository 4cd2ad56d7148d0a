import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { createAccount, createKey, grant } from '../../apps/api/test/support/fixtures';
import { createTestApp, type TestApp } from '../../apps/api/test/support/test-app';
import { UsagePartitions } from '../../apps/api/src/usage/usage-partitions';
import { cannon } from '../support/cannon';
import { QUICK, recordFigure } from '../support/figures';
import { runMain } from '../support/program';

/**
 * Usage by API at scale. Run by bench/usage.bench.ts in a Node process of its own. Figures
 * (printed, no assertions):
 * - usage_query_p50_ms / usage_query_p99_ms: `GET /v1/usage` (day buckets, the last 30 days,
 *   group_by=subject) for an account holding BIG records; usage_query_growth_ratio: its p50 ÷
 *   the p50 of the same query for an account holding SMALL records (goal ≤ 2). Both accounts
 *   made the same calls in those 30 days (RECENT records over 100 subjects); the big one has
 *   the rest of its records in the year before: the history a query must not pay for.
 * - usage_export_rows_per_s: `GET /v1/usage/records` with `Accept: text/csv`, rows per second;
 *   usage_export_peak_rss_mb, the process's peak RSS during it; usage_export_kept_bytes_per_row,
 *   the slope of the heap in use after a full GC over the rows streamed (goal ≤ 1: constant).
 * - usage_rollup_call_cost_ratio: charged assist calls per second without the rollup trigger ÷
 *   with it, in interleaved rounds (goal ≤ 1.05).
 * `--quick` scales the record counts down tenfold. The records are written with generate_series
 * in SQL (the rollup trigger off, the rollups then built in one statement), not through the API.
 */

const BIG = QUICK ? 1_000_000 : 10_000_000;
const SMALL = QUICK ? 10_000 : 100_000;
const RECENT = Math.min(SMALL, 50_000);
const SUBJECTS = 100;
const QUERIES = QUICK ? 100 : 300;
const ROUNDS = 4;
const ROUND_S = QUICK ? 5 : 10;
const DAY_MS = 86_400_000;
const EXPORT_HEAP_EVERY = QUICK ? 25_000 : 200_000;

/**
 * `count` records for the account: `recent` in the last 30 days, the rest in the 370 before,
 * written oldest first and their rollups in hour order, as the API writes them (a call's record
 * when it ends, its rollup row when its hour's first call does). Random times would scatter an
 * account's last 30 days over the whole table, which no account's history looks like.
 */
async function fill(db: Client, accountId: string, keyId: string, count: number, recent: number) {
  const older = count - recent;
  await db.query(`ALTER TABLE usage_records DISABLE TRIGGER usage_records_rollup`);
  try {
    for (const [n, fromDays, spanDays] of [
      [recent, 30, 30],
      [older, 400, 369],
    ] as const) {
      for (let done = 0; done < n; done += 1_000_000) {
        await db.query(
          `INSERT INTO usage_records (request_id, account_id, key_id, mode, subject, operation, market,
                                      status, error_code, charged, duration_ms, created_at, source)
           SELECT 'bench-' || g, $1, $2, 'test', 'customer-' || (g % ${SUBJECTS}),
                  (ARRAY['assist','scan','music','playbook'])[1 + g % 4], NULL,
                  CASE WHEN g % 13 = 0 THEN 402 ELSE 200 END, NULL,
                  CASE WHEN g % 13 = 0 THEN 0 ELSE 10000 END, 100 + g % 900,
                  now() - make_interval(days => $4::int) + (g::float8 / $6::float8 * $5::float8) * interval '1 day', 'api'
             FROM generate_series($3::bigint + 1, $3::bigint + least(1000000, $6::bigint - $3::bigint)) g`,
          [accountId, keyId, done, fromDays, spanDays, n],
        );
      }
    }
    // The rollups of what was just written, as the trigger would have kept them.
    await db.query(
      `INSERT INTO usage_rollups_hourly AS r (account_id, mode, hour, operation, subject, key_id, source,
                                              calls, charged_calls, charged, refused_calls)
       SELECT account_id, mode, date_trunc('hour', created_at, 'UTC'), operation, subject, key_id, source,
              count(*), count(*) FILTER (WHERE charged > 0), sum(charged), count(*) FILTER (WHERE status >= 400)
         FROM usage_records WHERE account_id = $1 GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 3
       ON CONFLICT (account_id, mode, hour, operation, subject, key_id, source) DO UPDATE
          SET calls = r.calls + EXCLUDED.calls, charged_calls = r.charged_calls + EXCLUDED.charged_calls,
              charged = r.charged + EXCLUDED.charged, refused_calls = r.refused_calls + EXCLUDED.refused_calls`,
      [accountId],
    );
  } finally {
    await db.query(`ALTER TABLE usage_records ENABLE TRIGGER usage_records_rollup`);
  }
  await db.query(`ANALYZE usage_records`);
  await db.query(`ANALYZE usage_rollups_hourly`);
}

function get(
  port: number,
  path: string,
  key: string,
  accept = 'application/json',
  onRows?: (rows: number) => void,
) {
  return new Promise<{ status: number; ms: number; rows: number }>((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${key}`, accept } },
      (res) => {
        let rows = 0;
        res.on('data', (chunk: Buffer) => {
          for (const byte of chunk) if (byte === 10) rows++;
          onRows?.(rows);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, rows }),
        );
      },
    );
    req.on('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** p50 and p99 of the 30-day, day-bucket, by-subject query for `key`. */
async function queryTimes(port: number, key: string) {
  const to = new Date().toISOString();
  const from = new Date(Date.now() - 30 * DAY_MS).toISOString();
  const path = `/v1/usage?from=${from}&to=${to}&granularity=day&group_by=subject&limit=1000`;
  for (let i = 0; i < 10; i++) await get(port, path, key);
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const res = await get(port, path, key);
    if (res.status !== 200) throw new Error(`GET /v1/usage answered ${res.status}`);
    times.push(res.ms);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The least-squares slope of `y` over `x`. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** A full garbage collection (the flag set at run time: the program runs without --expose-gc). */
function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * A CSV export of the key's records since `sinceDays` ago: rows, rows/s, peak RSS. With
 * `heapEvery`, it also runs a full garbage collection each time that many more rows have
 * arrived and notes the heap then in use, against the rows so far: what the export keeps per
 * row, apart from garbage not yet collected (which RSS would count). Those collections pause the
 * export, so rows/s is read from a run without them.
 */
async function exportCsv(port: number, key: string, sinceDays: number, heapEvery?: number) {
  const from = new Date(Date.now() - sinceDays * DAY_MS).toISOString();
  const gc = collectGarbage();
  gc();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const heap: { x: number; y: number }[] = [];
  let next = heapEvery ?? Infinity;
  const res = await get(port, `/v1/usage/records?from=${from}`, key, 'text/csv', (rows) => {
    if (rows < next) return;
    next += heapEvery!;
    gc();
    heap.push({ x: rows, y: process.memoryUsage().heapUsed });
  });
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`records export answered ${res.status}`);
  if (heapEvery && heap.length < 4) throw new Error(`only ${heap.length} heap samples`);
  const rows = res.rows - 1;
  return {
    rows,
    perSecond: rows / (res.ms / 1000),
    peakMb: peak / 2 ** 20,
    growthMb: (peak - base) / 2 ** 20,
    // The first sample is left out: the cursor's first batches and V8's compiled code.
    keptBytesPerRow: heap.length > 1 ? slope(heap.slice(1)) : NaN,
    heapMb: heap.map((sample) => (sample.y / 2 ** 20).toFixed(1)),
  };
}

async function main(): Promise<void> {
  const t: TestApp = await createTestApp({
    env: {
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      RATE_LIMIT_PER_KEY_PER_MIN: '1000000',
      RATE_LIMIT_PER_SUBJECT_PER_MIN: '1000000',
      RATE_LIMIT_IN_FLIGHT_PER_KEY: '10000',
    },
  });
  const db = new Client({ connectionString: t.db.url });
  try {
    await db.connect();
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    await t.app
      .get(UsagePartitions)
      .ensure(new Date(Date.now() - 410 * DAY_MS), new Date(Date.now() + 90 * DAY_MS));

    const accounts = [];
    for (const count of [SMALL, BIG]) {
      const account = await createAccount(t.app);
      const key = await createKey(t.app, account.id);
      const started = performance.now();
      await fill(db, account.id, key.id, count, RECENT);
      process.stdout.write(
        `usage: ${count} records written in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
      );
      accounts.push({ ...account, ...key });
    }
    const [small, big] = accounts;

    // 1. The 30-day by-subject query, small then big then small again (drift weighs on both).
    const a = await queryTimes(port, small.key);
    const b = await queryTimes(port, big.key);
    const c = await queryTimes(port, small.key);
    const smallP50 = Math.min(a.p50, c.p50);
    recordFigure('usage_query_p50_ms', { value: b.p50, unit: `ms at ${BIG} records`, goal: '—' });
    recordFigure('usage_query_p99_ms', { value: b.p99, unit: `ms at ${BIG} records`, goal: '—' });
    recordFigure('usage_query_growth_ratio', {
      value: b.p50 / smallP50,
      unit: `p50 ${BIG} ÷ ${SMALL} records (${smallP50.toFixed(2)} ms)`,
      goal: '≤ 2',
    });

    // 2. The records export, the big account's last 120 days: once for speed and peak RSS, once
    // with a full collection every EXPORT_HEAP_EVERY rows for what it keeps per row.
    const exported = await exportCsv(port, big.key, 120);
    const measured = await exportCsv(port, big.key, 120, EXPORT_HEAP_EVERY);
    recordFigure('usage_export_rows_per_s', {
      value: exported.perSecond,
      unit: `rows/s (${exported.rows} rows)`,
      goal: '—',
    });
    recordFigure('usage_export_peak_rss_mb', {
      value: exported.peakMb,
      unit: `MB (+${exported.growthMb.toFixed(1)} during an export of ${exported.rows} rows)`,
      goal: '—',
    });
    recordFigure('usage_export_kept_bytes_per_row', {
      value: Math.round(measured.keptBytesPerRow * 100) / 100,
      unit: `bytes of heap kept per row streamed (heap after a full GC every ${EXPORT_HEAP_EVERY} rows: ${measured.heapMb.join(', ')} MB)`,
      goal: '≤ 1 (constant memory; an export that kept its rows would show about 100)',
    });

    // 3. Charged calls with and without the rollup trigger, in interleaved rounds.
    const headerSets: Record<string, string>[] = [];
    for (let i = 0; i < 16; i++) {
      const account = await createAccount(t.app);
      await grant(t.app, account.id, 100_000_000_000);
      const key = await createKey(t.app, account.id);
      headerSets.push({
        'content-type': 'application/json',
        authorization: `Bearer ${key.key}`,
        'x-subject': `customer-${i}`,
      });
    }
    const load = (duration: number) =>
      cannon({
        url: `http://127.0.0.1:${port}`,
        path: '/v1/assist',
        connections: 16,
        duration,
        body: JSON.stringify({ message: 'show me trending dog food reels' }),
        headerSets,
      });
    await load(QUICK ? 5 : 15);
    const calls = { with: 0, without: 0, seconds: { with: 0, without: 0 } };
    const round = async (trigger: boolean) => {
      await db.query(
        `ALTER TABLE usage_records ${trigger ? 'ENABLE' : 'DISABLE'} TRIGGER usage_records_rollup`,
      );
      const run = await load(ROUND_S);
      if (run.non2xx > 0 || run.errors > 0) throw new Error(`assist: ${run.non2xx} non-2xx`);
      const side = trigger ? 'with' : 'without';
      calls[side] += run['2xx'];
      calls.seconds[side] += run.duration;
    };
    try {
      for (let i = 0; i < ROUNDS; i++) {
        const order = i % 2 === 0 ? [true, false] : [false, true];
        for (const trigger of order) await round(trigger);
      }
    } finally {
      await db.query(`ALTER TABLE usage_records ENABLE TRIGGER usage_records_rollup`);
    }
    const withRate = calls.with / calls.seconds.with;
    const withoutRate = calls.without / calls.seconds.without;
    recordFigure('usage_rollup_call_cost_ratio', {
      value: withoutRate / withRate,
      unit: `charged calls/s without ÷ with the rollup trigger (${withoutRate.toFixed(0)} vs ${withRate.toFixed(0)})`,
      goal: '≤ 1.05',
    });
  } finally {
    await db.end();
    await t.close();
  }
}

runMain(main);

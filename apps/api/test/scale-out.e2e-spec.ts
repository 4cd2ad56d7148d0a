import { runCli } from '../src/cli/cli.runner';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startBuiltApis, stopBuiltApis, type BuiltApi } from './support/built-api';
import { redisForTest, until, type LocalRedis } from './support/local-servers';

const PER_KEY_PER_MIN = 10;

/**
 * docs/architecture.md §10: two API processes on one Postgres and one Redis enforce one credit
 * balance and one set of rate ceilings, and a revocation reaches both within 5 s.
 */
describe('two API instances on one Postgres and one Redis', () => {
  let db: TestDatabase;
  let redis: LocalRedis;
  const instances: BuiltApi[] = [];
  const saved = { ...process.env };
  const io = {
    out: (line: string) => lines.push(line),
    err: (line: string) => lines.push(`ERR ${line}`),
  };
  let lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = await redisForTest();
    process.env.DATABASE_URL = db.url;
    instances.push(
      ...(await startBuiltApis(2, {
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        RATE_LIMIT_PER_KEY_PER_MIN: String(PER_KEY_PER_MIN),
        MUSIC_MAX_CANDIDATES: '8',
      })),
    );
    for (const instance of instances) {
      const health = (await (await fetch(`${instance.url}/health`)).json()) as {
        checks: { redis: { status: string } };
      };
      expect(health.checks.redis.status).toBe('ok');
    }
  }, 300_000);

  afterAll(async () => {
    await stopBuiltApis(instances);
    await redis?.stop();
    await db?.drop();
    process.env = saved;
  });

  async function accountWithKey(credit: string): Promise<{ email: string; key: string }> {
    const email = `scale-${Math.random().toString(36).slice(2)}@example.test`;
    lines = [];
    expect(
      await runCli(
        ['accounts:create', '--email', email, '--password', 'scale out password', '--api-access'],
        io,
      ),
    ).toBe(0);
    expect(
      await runCli(['credit:add', '--email', email, '--usd', credit, '--mode', 'test'], io),
    ).toBe(0);
    expect(await runCli(['keys:create', '--email', email, '--mode', 'test'], io)).toBe(0);
    return { email, key: lines[lines.length - 1] };
  }

  const assist = (instance: number, key: string) =>
    fetch(`${instances[instance].url}/v1/assist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ message: 'hello' }),
    });

  it('one credit balance: credit for exactly 5 calls, 8 concurrent across both → 5 succeed', async () => {
    const { email, key } = await accountWithKey('0.05');
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => assist(i % 2, key)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(3);
    const client = await db.connect();
    try {
      const { rows } = await client.query(
        `SELECT b.balance, b.held, (SELECT coalesce(sum(amount),0) FROM ledger_entries l WHERE l.account_id = a.id AND l.mode = 'test') AS ledger
           FROM accounts a JOIN balances b ON b.account_id = a.id AND b.mode = 'test' WHERE a.email = $1`,
        [email],
      );
      expect(rows[0]).toEqual({ balance: '0', held: '0', ledger: '0' });
    } finally {
      await client.end();
    }
  });

  it(`one set of ceilings: ${PER_KEY_PER_MIN}/min per key holds across both instances`, async () => {
    const { key } = await accountWithKey('5.00');
    const statuses: number[] = [];
    for (let i = 0; i < PER_KEY_PER_MIN + 6; i++) statuses.push((await assist(i % 2, key)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_KEY_PER_MIN);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    // In order: once over the ceiling, every call on either instance is refused until the window
    // ends (no fresh allowance after the first 429).
    expect(statuses).toEqual([
      ...Array<number>(PER_KEY_PER_MIN).fill(200),
      ...Array<number>(6).fill(429),
    ]);
  });

  it('the permanent sound cache is shared: instance 1 analyzes nothing instance 0 already did', async () => {
    const { key } = await accountWithKey('5.00');
    const music = async (instance: number) => {
      const res = await fetch(`${instances[instance].url}/v1/music`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({
          url: 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792',
          limit: 3,
        }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { suggestions: unknown[]; considered: number; notes: string[] };
    };
    // Each response says how many readings came from the permanent cache and how many sounds
    // were analyzed by the instance that answered: counts that move, unlike the table's rows
    // (inserts are ON CONFLICT DO NOTHING, so re-analyzing would leave them unchanged).
    const analyses = (body: { notes: string[] }) => {
      const notes = body.notes
        .map((note) =>
          /^(\d+) of (\d+) sound analyses came from the permanent cache; (\d+) sounds? (?:was|were) analyzed/.exec(
            note,
          ),
        )
        .filter((match) => match !== null);
      expect(notes).toHaveLength(1);
      const [, fromCache, total, analyzedNow] = notes[0]!.map(Number);
      return { fromCache, total, analyzedNow };
    };

    // A fresh database: instance 0 analyzes every sound of the pool.
    const first = await music(0);
    expect(first.considered).toBeGreaterThan(0);
    expect(analyses(first)).toEqual({
      fromCache: 0,
      total: first.considered,
      analyzedNow: first.considered,
    });
    // Instance 1 (its own memory) reads every one of them from Postgres and analyzes none.
    const second = await music(1);
    expect(second.considered).toBe(first.considered);
    expect(analyses(second)).toEqual({
      fromCache: second.considered,
      total: second.considered,
      analyzedNow: 0,
    });
    expect(second.suggestions).toEqual(first.suggestions);
  });

  it('a revoked key stops working on both instances within 5 s', async () => {
    const { key } = await accountWithKey('5.00');
    expect((await assist(0, key)).status).toBe(200);
    expect((await assist(1, key)).status).toBe(200);
    const client = await db.connect();
    const { rows } = await client.query(`SELECT id FROM api_keys WHERE display_start = $1`, [
      key.slice(0, 12),
    ]);
    await client.end();
    lines = [];
    expect(await runCli(['keys:revoke', '--key-id', rows[0].id], io)).toBe(0);
    const revokedAt = Date.now();
    for (const instance of [0, 1]) {
      await until(
        async () => (await assist(instance, key)).status === 401,
        5_000 - (Date.now() - revokedAt) + 500,
        `401 on instance ${instance}`,
        200,
      );
    }
  });
});

import { type Client } from 'pg';
import { runCli } from '../src/cli/cli.runner';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startBuiltApis, stopBuiltApis, type BuiltApi } from './support/built-api';

const ASSIST = 10_000;

/**
 * Spend limits across two API processes on one Postgres: the limit is counted in the
 * statement that places the hold, so no cache or instance-local state can let a second instance
 * overshoot it.
 */
describe('spend limits across two API instances', () => {
  let db: TestDatabase;
  let client: Client;
  const instances: BuiltApi[] = [];
  const saved = { ...process.env };
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };

  beforeAll(async () => {
    db = await createTestDatabase();
    process.env.DATABASE_URL = db.url;
    instances.push(
      ...(await startBuiltApis(2, {
        DATABASE_URL: db.url,
        REDIS_URL: '',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
      })),
    );
    client = await db.connect();
  }, 300_000);

  afterAll(async () => {
    await client?.end();
    await stopBuiltApis(instances);
    await db?.drop();
    process.env = saved;
  });

  it('a daily key limit worth 3 calls: 30 concurrent calls across both instances → exactly 3 charged', async () => {
    const email = `limits-${Math.random().toString(36).slice(2)}@example.test`;
    const run = async (args: string[]) => expect(await runCli(args, io)).toBe(0);
    await run([
      'accounts:create',
      '--email',
      email,
      '--password',
      'spend limit pw',
      '--api-access',
    ]);
    await run(['credit:add', '--email', email, '--usd', '5.00', '--mode', 'test']);
    await run(['keys:create', '--email', email, '--mode', 'test']);
    const key = lines[lines.length - 1];
    const { rows } = await client.query(
      `UPDATE api_keys k SET limit_daily_micros = $2 FROM accounts a
        WHERE a.id = k.account_id AND a.email = $1 RETURNING k.id, a.id AS account_id`,
      [email, 3 * ASSIST],
    );
    expect(rows).toHaveLength(1);

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${instances[i % 2].url}/v1/assist`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${key}`,
            'x-subject': 'shared-customer',
          },
          body: JSON.stringify({ message: 'hello there, thanks!' }),
        }),
      ),
    );
    const bodies = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
    );
    expect(bodies.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = bodies.filter((r) => r.status === 402);
    expect(refused).toHaveLength(27);
    for (const r of refused) {
      expect(r.body).toMatchObject({ error: { code: 'key_spend_limit_reached' } });
    }
    const money = await client.query(
      `SELECT b.balance::text, b.held::text,
              (SELECT count(*) FROM jobs j WHERE j.account_id = b.account_id)::int AS jobs,
              (SELECT coalesce(sum(spent), 0) FROM spend_counters c
                WHERE c.scope = 'key' AND c.owner = $2 AND c.period = 'day')::text AS day
         FROM balances b WHERE b.account_id = $1 AND b.mode = 'test'`,
      [rows[0].account_id, rows[0].id],
    );
    expect(money.rows[0]).toEqual({
      balance: String(5_000_000 - 3 * ASSIST),
      held: '0',
      jobs: 3,
      day: String(3 * ASSIST),
    });
  });
});

import { type Client } from 'pg';
import request from 'supertest';
import { startFakeProvider, type FakeProvider } from './fakes';
import { balanceOf, createFundedKey } from './support/fixtures';
import { sleep } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';
import { chargeProbe, V1ChargeModule } from './support/test-operations.module';

/**
 * OperationRunner when storing a job's result fails: the result, the job's ending and the
 * capture are one statement, so a failed store charges nothing; it is retried, and a retry that
 * lands answers 200, charged once, and is what a retry with the same Idempotency-Key replays.
 * The failures are real: a trigger on this test database refuses the job's ending.
 */
describe('OperationRunner: storing the result fails (e2e)', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp({
      extraImports: [V1ChargeModule],
    });
    db = t.sql;
    // Stores of the keys listed in store_faults fail; 'store-fails-once' fails only the first
    // time (a sequence is not rolled back with the failing statement).
    await db.query(`
      CREATE TABLE store_faults (key text PRIMARY KEY);
      CREATE SEQUENCE store_fails_once;
      CREATE FUNCTION refuse_ending() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM store_faults WHERE key = NEW.idempotency_key)
           OR (NEW.idempotency_key = 'store-fails-once' AND nextval('store_fails_once') = 1) THEN
          RAISE EXCEPTION 'injected: could not store %', NEW.idempotency_key;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_ending BEFORE UPDATE ON jobs
        FOR EACH ROW WHEN (NEW.status = 'succeeded') EXECUTE FUNCTION refuse_ending();`);
  });

  afterAll(async () => {
    await t.close();
  });

  const charge = (key: string, idempotencyKey: string) =>
    request(t.app.getHttpServer())
      .post('/v1/test-charge')
      .set('Authorization', `Bearer ${key}`)
      .set('Idempotency-Key', idempotencyKey)
      .send({ hold: 50_000, charge: 30_000 });

  const stateOf = async (accountId: string, key: string) =>
    (
      await db.query<{ state: string }>(
        `SELECT state FROM idempotency_keys WHERE account_id = $1 AND key = $2`,
        [accountId, key],
      )
    ).rows[0]?.state;

  it('still answers 200 with the billing headers; a retry then replays it, charged once', async () => {
    const { account, key } = await createFundedKey(t.app, { micros: 1_000_000 });
    const executionsBefore = chargeProbe.executions;

    const first = await charge(key, 'store-fails-once');
    expect(first.status).toBe(200);
    expect(first.body).toEqual(expect.objectContaining({ ok: true, charge: 30_000 }));
    expect(first.headers['x-service-charged-usd']).toBe('0.030000');
    expect(first.headers['x-service-balance-usd']).toBe('0.970000');
    expect(await balanceOf(t.app, account.id)).toEqual({
      balance: 970_000,
      held: 0,
      available: 970_000,
    });

    // The ending was retried at once and landed; a retry with the key replays it.
    let retry = await charge(key, 'store-fails-once');
    for (let i = 0; i < 40 && retry.status === 409; i++) {
      await sleep(100);
      retry = await charge(key, 'store-fails-once');
    }
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['x-service-charged-usd']).toBe('0.030000');
    expect(chargeProbe.executions).toBe(executionsBefore + 1);
    expect(await balanceOf(t.app, account.id)).toEqual({
      balance: 970_000,
      held: 0,
      available: 970_000,
    });
  });

  it('while the store keeps failing, the call answers 500 and charges nothing; a retry is 409, never a second run', async () => {
    const { account, key } = await createFundedKey(t.app, { micros: 1_000_000 });
    await db.query(`INSERT INTO store_faults VALUES ('store-keeps-failing')`);
    const executionsBefore = chargeProbe.executions;

    // The result's store and the capture are one statement: when the store fails, so does the capture.
    const first = await charge(key, 'store-keeps-failing');
    expect(first.status).toBe(500);
    expect(first.headers['x-service-charged-usd']).toBeUndefined();
    expect(first.headers['x-job-id']).toMatch(/^job_/);

    const retry = await charge(key, 'store-keeps-failing');
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe('idempotency_key_in_use');
    expect(retry.headers['x-job-id']).toBe(first.headers['x-job-id']);
    expect(chargeProbe.executions).toBe(executionsBefore + 1);
    expect((await balanceOf(t.app, account.id)).balance).toBe(1_000_000);
    const charges = await db.query(
      `SELECT 1 FROM ledger_entries WHERE account_id = $1 AND kind = 'charge'`,
      [account.id],
    );
    expect(charges.rows).toHaveLength(0);
    expect(await stateOf(account.id, 'store-keeps-failing')).toBe('running');
  });
});

/** A live call whose providers are not configured fails before anything is held or stored. */
describe('OperationRunner: live providers not configured (e2e)', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        VIDEO_PROVIDER_BASE_URL: '',
        VIDEO_PROVIDER_API_KEY: '',
        OPENAI_API_KEY: '',
      },
    });
    db = t.sql;
  });

  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['assist', { message: 'dog food reels' }, 'OPENAI_API_KEY'],
    ['scan', { query: 'dog food reels' }, 'VIDEO_PROVIDER_BASE_URL'],
    ['playbook', { url: 'https://www.tiktok.com/@a/video/7400000443622845792' }, 'VIDEO_PROVIDER'],
    ['music', { url: 'https://www.tiktok.com/@a/video/7400000443622845792' }, 'VIDEO_PROVIDER'],
  ])('%s: 503 naming the setting, no hold, no idempotency key kept', async (op, body, setting) => {
    const { account, key } = await createFundedKey(t.app, { micros: 1_000_000, mode: 'live' });
    const res = await request(t.app.getHttpServer())
      .post(`/v1/${op}`)
      .set('Authorization', `Bearer ${key}`)
      .set('Idempotency-Key', `unconfigured-${op}`)
      .send(body);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('provider_unavailable');
    expect(res.body.error.message).toContain(setting);
    const counts = await db.query<{ holds: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM holds WHERE account_id = $1) AS holds,
              (SELECT count(*)::int FROM idempotency_keys WHERE account_id = $1) AS keys`,
      [account.id],
    );
    expect(counts.rows[0]).toEqual({ holds: 0, keys: 0 });
    expect(await balanceOf(t.app, account.id, 'live')).toEqual({
      balance: 1_000_000,
      held: 0,
      available: 1_000_000,
    });
  });
});

/** Playbook needs the LLM too: without it, nothing is asked of the video provider either. */
describe('OperationRunner: live playbook with the LLM not configured (e2e)', () => {
  let t: TestApp;
  let provider: FakeProvider;

  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await createTestApp({
      env: {
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        OPENAI_API_KEY: '',
      },
    });
  });

  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('is 503 naming OPENAI_API_KEY before any provider request (no download, no ffmpeg)', async () => {
    const { key } = await createFundedKey(t.app, { micros: 1_000_000, mode: 'live' });
    provider.reset();
    const res = await request(t.app.getHttpServer())
      .post('/v1/playbook')
      .set('Authorization', `Bearer ${key}`)
      .send({ url: 'https://www.tiktok.com/@a/video/7400000443622845792' });
    expect(res.status).toBe(503);
    expect(res.body.error.message).toContain('OPENAI_API_KEY');
    expect(provider.connections).toBe(0);
  });
});

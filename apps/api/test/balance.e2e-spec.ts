import request from 'supertest';
import { createAccount, createKey, grant, createFundedKey } from './support/fixtures';
import { openJob, settleFailure } from './support/ledger-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/** `GET /v1/balance`: a key sees its own account's balance, in its own mode. */
describe('GET /v1/balance (e2e)', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  async function account(test: number, live: number) {
    const created = await createAccount(t.app);
    if (live) await grant(t.app, created.id, live, 'live');
    return {
      id: created.id,
      testKey: (await createFundedKey(t.app, { account: created, micros: test })).key,
      liveKey: (await createKey(t.app, created.id, 'live')).key,
    };
  }

  it("answers the key's own account and mode; another account's key sees only its own", async () => {
    const a = await account(12_500_000, 3_000_000);
    const b = await account(1_000_000, 0);

    const aTest = await request(server()).get('/v1/balance').set(auth(a.testKey));
    expect(aTest.status).toBe(200);
    expect(aTest.body).toEqual({
      object: 'balance',
      livemode: false,
      balance_usd: '12.500000',
      available_usd: '12.500000',
    });
    expect(aTest.headers['x-request-id']).toBeDefined();
    expect(aTest.headers['ratelimit-limit']).toBeDefined();

    const aLive = await request(server()).get('/v1/balance').set(auth(a.liveKey));
    expect(aLive.body).toEqual({
      object: 'balance',
      livemode: true,
      balance_usd: '3.000000',
      available_usd: '3.000000',
    });

    const bTest = await request(server()).get('/v1/balance').set(auth(b.testKey));
    expect(bTest.body).toMatchObject({ livemode: false, balance_usd: '1.000000' });
    const bLive = await request(server()).get('/v1/balance').set(auth(b.liveKey));
    expect(bLive.body).toMatchObject({ livemode: true, balance_usd: '0.000000' });
  });

  it('available is the balance less pending holds', async () => {
    const a = await account(1_000_000, 0);
    const job = await openJob(t.app, { accountId: a.id, amount: 150_000, operation: 'scan' });
    try {
      const res = await request(server()).get('/v1/balance').set(auth(a.testKey));
      expect(res.body).toMatchObject({ balance_usd: '1.000000', available_usd: '0.850000' });
    } finally {
      await settleFailure(t.app, job);
    }
  });

  it('a scan charges the balance by x-service-charged-usd', async () => {
    const a = await account(10_000_000, 0);
    const scan = await request(server())
      .post('/v1/scan')
      .set(auth(a.testKey))
      .send({ query: 'home espresso tips', limit: 3 });
    expect(scan.status).toBe(200);
    const res = await request(server()).get('/v1/balance').set(auth(a.testKey));
    expect(res.body.balance_usd).toBe(scan.headers['x-service-balance-usd']);
    expect(Number(res.body.balance_usd)).toBeCloseTo(
      10 - Number(scan.headers['x-service-charged-usd']),
      6,
    );
  });

  it('refuses a missing or unknown key with the /v1 401', async () => {
    const none = await request(server()).get('/v1/balance');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    const unknown = await request(server())
      .get('/v1/balance')
      .set(auth('rs_test_0000000000000000000000000000'));
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(none.body.error.message);
  });
});

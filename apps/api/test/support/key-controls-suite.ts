import { type Client } from 'pg';
import request from 'supertest';
import { Clock } from '../../src/common/clock/clock';
import { createAccount, type AccountFixture } from './fixtures';
import { waitForValue } from './local-servers';
import { createTestApp, type TestApp } from './test-app';

export type Agent = ReturnType<typeof request.agent>;

export const HOUR = 3_600_000;

/**
 * The app, database client, clock and request helpers the key-controls specs share. Call it
 * inside the spec's `describe`: it registers the hooks, and `state` is filled in by `beforeAll`.
 */
export function keyControlsSuite() {
  const state = {} as { t: TestApp; db: Client; clock: Clock };
  const server = () => state.t.app.getHttpServer();

  beforeAll(async () => {
    state.t = await createTestApp();
    state.db = state.t.sql;
    state.clock = state.t.app.get(Clock);
  });

  afterEach(() => state.clock.set(null));

  afterAll(async () => {
    await state.t.close();
  });

  async function signedIn(
    options: { apiAccess?: boolean } = {},
  ): Promise<{ account: AccountFixture; agent: Agent }> {
    const account = await createAccount(state.t.app, { apiAccess: options.apiAccess ?? true });
    const agent = request.agent(server());
    const res = await agent
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(res.status).toBe(200);
    return { account, agent };
  }

  const call = (key: string, path: string, body: object = {}, subject?: string) => {
    let req = request(server()).post(path).set('Authorization', `Bearer ${key}`);
    if (subject) req = req.set('x-subject', subject);
    return req.send(body);
  };
  const balance = (key: string) =>
    request(server()).get('/v1/balance').set('Authorization', `Bearer ${key}`);

  /** The usage record of a request (records are written by group commit, after the answer). */
  async function usageOf(requestId: string): Promise<Record<string, unknown>> {
    return waitForValue(
      async () =>
        (
          await state.db.query(
            `SELECT status, error_code, key_id, operation, charged FROM usage_records WHERE request_id = $1`,
            [requestId],
          )
        ).rows[0] as Record<string, unknown> | undefined,
      10_000,
      `the usage record of ${requestId}`,
    );
  }

  const strip = (body: { error: Record<string, unknown> }) => {
    const { requestId: _ignored, ...rest } = body.error;
    return rest;
  };

  return { state, server, signedIn, call, balance, usageOf, strip };
}

import type { AddressInfo } from 'node:net';
import { type Client } from 'pg';
import { Reelscout, type ResponseMeta } from '@reelscout/sdk';
import { createFundedKey } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

export const VIDEO = 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';

export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  status: number;
}

/**
 * The real global fetch (or `inner`), recording what was sent and the status that came back
 * (0: no response, the fetch threw).
 */
export function recordingFetch(sent: Sent[], inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const request: Sent = { method: init?.method ?? 'GET', url: String(input), headers, status: 0 };
    sent.push(request);
    const response = await inner(input, init);
    request.status = response.status;
    return response;
  };
}

/** The sandbox's slow-provider video: its provider call stalls for SANDBOX_SLOW_DELAY_MS. */
export const SLOW_VIDEO = 'https://www.tiktok.com/@sandbox/video/7000000000000000504';

/** The API on a real port, and a second connection, shared by the SDK specs. */
export interface SdkSpecApp {
  t: TestApp;
  baseURL: string;
  db: Client;
}

export async function startSdkSpecApp(): Promise<SdkSpecApp> {
  const t = await createTestApp({
    env: {
      WEBHOOK_RETRY_DELAYS_S: '0.2,0.2,0.2',
      WEBHOOK_POLL_INTERVAL_MS: '100',
      WEBHOOK_TIMEOUT_MS: '3000',
      // The webhook receiver listens on 127.0.0.1, allowed the way a developer allows it.
      OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
      JOBS_HEARTBEAT_MS: '100',
      // The slow phrase and video stall 15 s, then answer: they hold scan's one slot far
      // longer than a retry takes, and outlive a 1 s `Prefer: wait`.
      SANDBOX_SLOW_DELAY_MS: '15000',
      // One scan at a time per key: the second gets 429 with Retry-After: 5.
      RATE_LIMIT_OVERRIDES: JSON.stringify({ scan: { inFlight: 1 } }),
      MUSIC_MAX_CANDIDATES: '8',
    },
  });
  await t.app.listen(0, '127.0.0.1');
  const baseURL = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  const db = t.sql;
  return { t, baseURL, db };
}

export async function stopSdkSpecApp(app: SdkSpecApp | undefined): Promise<void> {
  await app?.db.end();
  await app?.t.close();
}

/** The SDK specs' fixtures, over the app that `get` returns once started. */
export function sdkSpecHelpers(get: () => SdkSpecApp) {
  /** An account with API access, `usd` of test credit (micro-USD) and a test key. */
  async function party(micros = 10_000_000) {
    const { t } = get();
    const { account, key } = await createFundedKey(t.app, { micros });
    return { account, key };
  }

  const client = (apiKey: string, extra: ConstructorParameters<typeof Reelscout>[0] = {}) =>
    new Reelscout({ apiKey, baseURL: get().baseURL, ...extra });

  return { party, client };
}

export function expectBilled(meta: ResponseMeta) {
  expect(meta.status).toBe(200);
  expect(meta.requestId).toEqual(expect.any(String));
  expect(meta.jobId).toMatch(/^job_/);
  expect(meta.chargedUsd).toMatch(/^\d+\.\d{6}$/);
  expect(meta.balanceUsd).toMatch(/^\d+\.\d{6}$/);
  expect(meta.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(meta.headers['x-request-id']).toBe(meta.requestId);
}

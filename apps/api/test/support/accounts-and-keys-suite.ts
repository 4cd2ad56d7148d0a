import { createTestApp, type TestApp } from './test-app';
import { V1ProbeModule } from './v1-probe.module';

export const tokenOf = (url: string) => url.split('/').pop()!;

/**
 * The app the accounts-and-keys specs share. Call it inside the spec's `describe`: it registers
 * the hooks, and `state.t` is filled in by `beforeAll`.
 */
export function accountsAndKeysSuite() {
  const state = {} as { t: TestApp };

  beforeAll(async () => {
    state.t = await createTestApp({
      extraImports: [V1ProbeModule],
      env: {
        PUBLIC_URL: 'http://localhost:3000',
        // Every request here comes from 127.0.0.1: keep the per-IP sign-in ceiling (proven in
        // throttling.e2e-spec.ts) out of the way of the per-e-mail throttle tested here.
        AUTH_RATE_LIMIT_PER_MIN: '1000',
      },
    });
  });

  afterAll(async () => {
    await state.t.close();
  });

  return { state, server: () => state.t.app.getHttpServer() };
}

import request from 'supertest';
import { BillingService } from '../../src/ledger/billing.service';
import { balanceOf, grant } from '../support/fixtures';
import { securitySuite } from '../support/security-suite';
import type { TestApp } from '../support/test-app';
import { ENABLED_OPERATIONS } from './v1-operations';
import {
  objectAuthorizationSuite,
  type SignedInAccount,
} from '../support/object-authorization-parties';
import { accountRouteChecks } from '../support/object-authorization-account-checks';
import { jobAndWebhookRouteChecks } from '../support/object-authorization-job-checks';
import { watchRouteChecks } from '../support/object-authorization-watch-checks';

/**
 * Object-level authorization (OWASP API1:2023) on every dashboard route: signed in as one
 * account, another account's ids are 404 and its data never shows up in lists, filters, cursors
 * or exports; no body or query can name another account (mass assignment, API3). And every /v1
 * route passes the shared security suite (every credential failure).
 */

describe('object-level authorization on /account, and the security suite on /v1 (e2e)', () => {
  const ctx = objectAuthorizationSuite();
  const { s, server, victimSeesNothingChanged } = ctx;
  let t: TestApp;
  let victim: SignedInAccount;
  let attacker: SignedInAccount;
  beforeAll(() => ({ t, victim, attacker } = s));

  /**
   * One check per dashboard route (method and OpenAPI path), signed in as the attacker.
   * The coverage test below fails when a route is added without a line here.
   */
  const ROUTE_CHECKS: Record<string, () => Promise<void>> = {
    ...accountRouteChecks(ctx),
    ...jobAndWebhookRouteChecks(ctx),
    ...watchRouteChecks(ctx),
  };

  it('every dashboard route under /account has a check here', async () => {
    const doc = (await request(server()).get('/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths)
      .filter(([path]) => path === '/account' || path.startsWith('/account/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    expect(served).toEqual(Object.keys(ROUTE_CHECKS).sort());
  });

  it.each(Object.keys(ROUTE_CHECKS))('%s, signed in as another account', async (route) => {
    await ROUTE_CHECKS[route]();
    await victimSeesNothingChanged();
  });

  it('without a session every /account route is 401', async () => {
    // Each route with the victim's real ids of its kind.
    const idFor = (template: string) =>
      template.startsWith('/account/jobs/')
        ? victim.jobIds[0]
        : template.startsWith('/account/webhook-endpoints/')
          ? victim.endpointId
          : victim.keyIds[0];
    for (const route of Object.keys(ROUTE_CHECKS)) {
      const [method, template] = route.split(' ');
      const path = template
        .replace(/\{id\}/g, idFor(template))
        .replace(/\{deliveryId\}/g, victim.deliveryIds[0])
        .replace(/\{index\}/g, '0');
      const res = await request(server())
        [method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'](path)
        .send(method === 'GET' || method === 'DELETE' ? undefined : {});
      expect({ route, status: res.status, code: res.body.error?.code }).toEqual({
        route,
        status: 401,
        code: 'unauthorized',
      });
    }
    await victimSeesNothingChanged();
  });

  it("an Idempotency-Key is scoped to its account: another account's key never replays", async () => {
    const body = { message: 'show me trending espresso reels' };
    const first = await request(server())
      .post('/v1/assist')
      .set('Authorization', `Bearer ${victim.key}`)
      .set('Idempotency-Key', 'shared-idem-key-1')
      .send(body);
    expect(first.status).toBe(200);
    await grant(t.app, victim.account.id, 10_000);
    const before = await t.app
      .get(BillingService)
      .balance({ accountId: attacker.account.id, mode: 'test' });
    const second = await request(server())
      .post('/v1/assist')
      .set('Authorization', `Bearer ${attacker.key}`)
      .set('Idempotency-Key', 'shared-idem-key-1')
      .send(body);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['x-service-balance-usd']).not.toBe(
      first.headers['x-service-balance-usd'],
    );
    expect((await balanceOf(t.app, attacker.account.id)).balance).toBe(before.balance - 10_000);
    await victimSeesNothingChanged();
  });

  describe('shared security suite on every /v1 route', () => {
    for (const op of ENABLED_OPERATIONS) {
      securitySuite(
        () => t.app,
        { method: 'post', path: op.path, body: op.validBody },
        {
          afterRefusal: (res) => {
            expect(res.headers['x-service-charged-usd']).toBeUndefined();
          },
        },
      );
    }
  });
});

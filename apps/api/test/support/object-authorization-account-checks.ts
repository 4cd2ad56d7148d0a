import request from 'supertest';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { balanceOf, grant } from './fixtures';
import {
  HOSTILE_IDS,
  VICTIM_LIVE_CREDIT,
  VICTIM_SUBJECT,
  VICTIM_TEST_CREDIT,
} from './object-authorization-parties';
import type { ObjectAuthorizationSuite } from './object-authorization-parties';

/** Signed in as the attacker: one check per key, subject-limit, credit, ledger and usage route. */
export function accountRouteChecks(
  ctx: ObjectAuthorizationSuite,
): Record<string, () => Promise<void>> {
  const { s, server, expectAll404, foreignIds, mentionsVictim } = ctx;
  return {
    'GET /account': async () => {
      const res = await s.attacker.agent.get('/account');
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(s.attacker.account.id);
      expect(mentionsVictim(res.text)).toEqual([]);
      expect((await s.attacker.agent.get(`/account?id=${s.victim.account.id}`)).body.id).toBe(
        s.attacker.account.id,
      );
    },
    'GET /account/keys': async () => {
      const res = await s.attacker.agent.get('/account/keys');
      expect(res.status).toBe(200);
      expect(res.body.keys.map((k: { id: string }) => k.id).sort()).toEqual(
        [...s.attacker.keyIds].sort(),
      );
      expect(mentionsVictim(res.text)).toEqual([]);
    },
    'POST /account/keys': async () => {
      for (const field of ['accountId', 'account_id', 'ownerId', 'userId']) {
        const res = await s.attacker.agent
          .post('/account/keys')
          .send({ name: 'mine', mode: 'test', [field]: s.victim.account.id });
        expect({ field, status: res.status, param: res.body.error?.param }).toEqual({
          field,
          status: 400,
          param: field,
        });
      }
      const made = await s.attacker.agent
        .post('/account/keys')
        .send({ name: 'mine', mode: 'test' });
      expect(made.status).toBe(201);
      s.attacker.keyIds.push(made.body.id);
      const owner = await s.db.query(`SELECT account_id FROM api_keys WHERE id = $1`, [
        made.body.id,
      ]);
      expect(owner.rows[0].account_id).toBe(s.attacker.account.id);
    },
    'DELETE /account/keys/{id}': async () => {
      for (const id of [
        ...s.victim.keyIds,
        ...s.victim.keyIds.map((k) => k.toUpperCase()),
        ...HOSTILE_IDS,
      ]) {
        const res = await s.attacker.agent.delete(`/account/keys/${id}`);
        expect({ id, status: res.status, code: res.body.error?.code }).toEqual({
          id,
          status: 404,
          code: 'not_found',
        });
      }
      // The victim's key still works.
      const still = await request(server())
        .post('/v1/assist')
        .set('Authorization', `Bearer ${s.victim.key}`)
        .send({ message: 'hello there' });
      expect(still.status).toBe(200);
      s.victim.requestIds.push(still.headers['x-request-id'] as string);
      await grant(s.t.app, s.victim.account.id, 10_000);
    },
    'GET /account/keys/{id}': async () => {
      await expectAll404(
        foreignIds(s.victim.keyIds).map((id) => [
          id,
          () => s.attacker.agent.get(`/account/keys/${id}`),
        ]),
      );
    },
    'PATCH /account/keys/{id}': async () => {
      await expectAll404(
        foreignIds(s.victim.keyIds).map((id) => [
          id,
          () =>
            s.attacker.agent
              .patch(`/account/keys/${id}`)
              .send({ name: 'pwned', limits: { dailyMicros: 1 }, operations: ['scan'] }),
        ]),
      );
    },
    'POST /account/keys/{id}/roll': async () => {
      await expectAll404(
        foreignIds(s.victim.keyIds).map((id) => [
          id,
          () => s.attacker.agent.post(`/account/keys/${id}/roll`).send({ graceSeconds: 0 }),
        ]),
      );
      const rolls = await s.db.query(
        `SELECT count(*)::int AS n FROM api_keys WHERE rolled_from = ANY($1::uuid[])`,
        [s.victim.keyIds],
      );
      expect(rolls.rows[0].n).toBe(0);
    },
    'GET /account/subject-limits': async () => {
      for (const path of [
        '/account/subject-limits',
        `/account/subject-limits?accountId=${s.victim.account.id}`,
      ]) {
        const res = await s.attacker.agent.get(path);
        expect(res.status).toBe(200);
        expect(mentionsVictim(res.text)).toEqual([]);
      }
    },
    'PATCH /account/subject-limits': async () => {
      for (const field of ['accountId', 'account_id', 'ownerId', 'userId']) {
        const res = await s.attacker.agent
          .patch('/account/subject-limits')
          .send({ dailyMicros: 1, [field]: s.victim.account.id });
        expect({ field, status: res.status, param: res.body.error?.param }).toEqual({
          field,
          status: 400,
          param: field,
        });
      }
      const own = await s.attacker.agent.patch('/account/subject-limits').send({ dailyMicros: 1 });
      expect(own.status).toBe(200);
      expect(await s.t.app.get(ApiKeysService).subjectLimits(s.attacker.account.id)).toEqual({
        dailyMicros: 1,
        monthlyMicros: null,
      });
    },
    'GET /account/credit': async () => {
      const res = await s.attacker.agent.get('/account/credit');
      expect(res.status).toBe(200);
      expect(res.body.balances.test.balance).toBe(
        (await balanceOf(s.t.app, s.attacker.account.id)).balance,
      );
      expect(res.body.balances.live.balance).toBe(0);
      expect(res.text).not.toContain(String(VICTIM_TEST_CREDIT - 20_000));
      expect(res.text).not.toContain(String(VICTIM_LIVE_CREDIT));
    },
    'POST /account/credit/checkout': async () => {
      const res = await s.attacker.agent
        .post('/account/credit/checkout')
        .send({ amountUsd: '10.00', accountId: s.victim.account.id });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe('accountId');
      const { rows } = await s.db.query(
        `SELECT count(*)::int AS n FROM checkout_sessions WHERE account_id = $1`,
        [s.victim.account.id],
      );
      expect(rows[0].n).toBe(1);
    },
    'GET /account/credit/checkout/{id}': async () => {
      // Control: the owner reads it.
      const own = await s.victim.agent.get(`/account/credit/checkout/${s.victim.checkoutId}`);
      expect(own.status).toBe(200);
      expect(own.body.amountMicros).toBe(25_000_000);
      for (const id of [s.victim.checkoutId, ...HOSTILE_IDS]) {
        const res = await s.attacker.agent.get(`/account/credit/checkout/${id}`);
        expect({ id, status: res.status, code: res.body.error?.code }).toEqual({
          id,
          status: 404,
          code: 'not_found',
        });
        expect(mentionsVictim(res.text)).toEqual([]);
      }
    },
    'POST /account/credit/test': async () => {
      const res = await s.attacker.agent
        .post('/account/credit/test')
        .send({ amountUsd: '1.00', accountId: s.victim.account.id });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe('accountId');
      const ok = await s.attacker.agent.post('/account/credit/test').send({ amountUsd: '1.00' });
      expect(ok.status).toBe(200);
      expect(ok.body.balanceMicros).toBe((await balanceOf(s.t.app, s.attacker.account.id)).balance);
    },
    'GET /account/ledger': async () => {
      const { rows } = await s.db.query(
        `SELECT max(id)::text AS max FROM ledger_entries WHERE account_id = $1`,
        [s.victim.account.id],
      );
      const beyondVictim = String(BigInt(rows[0].max) + 1n);
      for (const query of [
        '',
        '?mode=test',
        '?mode=live',
        `?cursor=${beyondVictim}`,
        '?limit=200',
      ]) {
        const res = await s.attacker.agent.get(`/account/ledger${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 200 });
        expect({ query, leaked: mentionsVictim(res.text) }).toEqual({ query, leaked: [] });
        const ids = res.body.items.map((e: { id: string }) => e.id);
        const own = await s.db.query(
          `SELECT count(*)::int AS n FROM ledger_entries WHERE id = ANY($1::bigint[]) AND account_id <> $2`,
          [ids, s.attacker.account.id],
        );
        expect(own.rows[0].n).toBe(0);
      }
      for (const query of [
        `?accountId=${s.victim.account.id}`,
        `?account_id=${s.victim.account.id}`,
      ]) {
        expect((await s.attacker.agent.get(`/account/ledger${query}`)).status).toBe(400);
      }
    },
    'GET /account/usage': async () => {
      const all = await s.attacker.agent.get('/account/usage?limit=200');
      expect(all.status).toBe(200);
      expect(all.body.items.length).toBeGreaterThanOrEqual(2);
      expect(
        all.body.items.filter(
          (u: { requestId: string }) => !s.attacker.requestIds.includes(u.requestId),
        ),
      ).toEqual([]);
      const filtered = await s.attacker.agent.get(`/account/usage?subject=${VICTIM_SUBJECT}`);
      expect(filtered.body.items).toEqual([]);
      expect(mentionsVictim(all.text + filtered.text)).toEqual([]);
      expect(
        (await s.attacker.agent.get(`/account/usage?accountId=${s.victim.account.id}`)).status,
      ).toBe(400);
      // Hostile filter values are refused, never a 500 (a NUL reached Postgres before).
      for (const query of [
        'subject=%00',
        'subject=a%00b',
        'cursor=-1',
        'limit=1e9',
        'from=x',
        'mode=admin',
      ]) {
        const res = await s.attacker.agent.get(`/account/usage?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
      // Control: the victim does see its own calls under that subject.
      const mine = await s.victim.agent.get(`/account/usage?subject=${VICTIM_SUBJECT}`);
      expect(mine.body.items.length).toBeGreaterThanOrEqual(2);
    },
    'GET /account/usage/daily': async () => {
      const res = await s.attacker.agent.get('/account/usage/daily');
      expect(res.status).toBe(200);
      const calls = res.body.days.reduce((n: number, d: { calls: number }) => n + d.calls, 0);
      expect(calls).toBe(s.attacker.requestIds.length);
      expect(
        (await s.attacker.agent.get(`/account/usage/daily?subject=${VICTIM_SUBJECT}`)).body.days,
      ).toEqual([]);
    },
    'GET /account/usage/export.csv': async () => {
      const res = await s.attacker.agent.get('/account/usage/export.csv');
      expect(res.status).toBe(200);
      expect(res.text.trim().split('\n')).toHaveLength(1 + s.attacker.requestIds.length);
      expect(mentionsVictim(res.text)).toEqual([]);
      const filtered = await s.attacker.agent.get(
        `/account/usage/export.csv?subject=${VICTIM_SUBJECT}`,
      );
      expect(filtered.text.trim().split('\n')).toHaveLength(1);
    },
  };
}

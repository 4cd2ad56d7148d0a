import type request from 'supertest';
import { HOSTILE_IDS } from './object-authorization-parties';
import type { ObjectAuthorizationSuite } from './object-authorization-parties';

/** Signed in as the attacker: one check per jobs, webhook-endpoint and invite route. */
export function jobAndWebhookRouteChecks(
  ctx: ObjectAuthorizationSuite,
): Record<string, () => Promise<void>> {
  const { s, expectAll404, foreignIds, mentionsVictim } = ctx;
  return {
    'GET /account/jobs': async () => {
      for (const mode of ['test', 'live']) {
        const res = await s.attacker.agent.get(`/account/jobs?mode=${mode}&limit=100`);
        expect({ mode, status: res.status }).toEqual({ mode, status: 200 });
        const ids = res.body.data.map((job: { id: string }) => job.id);
        expect(ids.filter((id: string) => !s.attacker.jobIds.includes(id))).toEqual([]);
        expect(mentionsVictim(res.text)).toEqual([]);
      }
      // Control: the victim sees its own.
      const mine = await s.victim.agent.get('/account/jobs?mode=test&limit=100');
      expect(mine.body.data.map((job: { id: string }) => job.id).sort()).toEqual(
        expect.arrayContaining([...s.victim.jobIds].sort()),
      );
      // A cursor from another account names nothing; hostile filters are refused, never a 500.
      const cursor = await s.attacker.agent.get(
        `/account/jobs?mode=test&starting_after=${s.victim.jobIds[0]}`,
      );
      expect(cursor.status).toBe(400);
      expect(mentionsVictim(cursor.text)).toEqual([]);
      for (const query of [
        '',
        'mode=admin',
        `mode=test&accountId=${s.victim.account.id}`,
        `mode=test&account_id=${s.victim.account.id}`,
        'mode=test&limit=1e9',
        'mode=test&status=%00',
        'mode=test&starting_after=%00',
      ]) {
        const res = await s.attacker.agent.get(`/account/jobs?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
    },
    'GET /account/jobs/{id}': async () => {
      const own = await s.victim.agent.get(`/account/jobs/${s.victim.jobIds[0]}?mode=test`);
      expect(own.status).toBe(200);
      expect(own.body.id).toBe(s.victim.jobIds[0]);
      await expectAll404(
        foreignIds(s.victim.jobIds).flatMap((id) =>
          ['test', 'live'].map((mode): [string, () => Promise<request.Response>] => [
            `${id} ${mode}`,
            () => s.attacker.agent.get(`/account/jobs/${id}?mode=${mode}`),
          ]),
        ),
      );
    },
    'POST /account/jobs': async () => {
      // A playground run is the signed-in account's own: no field names another.
      for (const field of ['accountId', 'account_id', 'keyId', 'key_id', 'subject']) {
        const res = await s.attacker.agent
          .post('/account/jobs?mode=test')
          .send({ operation: 'assist', input: { message: 'hi' }, [field]: s.victim.account.id });
        expect({ field, status: res.status, param: res.body.error?.param }).toEqual({
          field,
          status: 400,
          param: field,
        });
        // A body the validation pipe refuses never reaches the run, so it leaves no usage row
        // (nothing ran, nothing was charged); the victim's usage is untouched either way.
      }
      const made = await s.attacker.agent
        .post('/account/jobs?mode=test')
        .send({ operation: 'assist', input: { message: 'show me trending espresso reels' } });
      expect(made.status).toBe(202);
      s.attacker.jobIds.push(made.body.id);
      s.attacker.requestIds.push(made.body.request_id);
      const row = await s.db.query(
        `SELECT account_id, key_id, source FROM jobs WHERE request_id = $1`,
        [made.body.request_id],
      );
      expect(row.rows).toEqual([
        { account_id: s.attacker.account.id, key_id: null, source: 'dashboard' },
      ]);
    },
    ...Object.fromEntries(
      ['cover/{index}', 'frame/{index}', 'audio/{index}', 'video'].map((media) => [
        `GET /account/jobs/{id}/media/${media}`,
        async () => {
          // The media of a job of another account: 404 whatever the id, mode or index.
          await expectAll404(
            foreignIds(s.victim.jobIds).flatMap((id) =>
              ['test', 'live'].map((mode): [string, () => Promise<request.Response>] => [
                `${id} ${mode}`,
                () =>
                  s.attacker.agent.get(
                    `/account/jobs/${id}/media/${media.replace('{index}', '0')}?mode=${mode}`,
                  ),
              ]),
            ),
          );
        },
      ]),
    ),
    'POST /account/jobs/{id}/cancel': async () => {
      // 404 (not the 409 of an ended job): the attacker learns nothing of the victim's jobs.
      await expectAll404(
        foreignIds(s.victim.jobIds).map((id) => [
          id,
          () => s.attacker.agent.post(`/account/jobs/${id}/cancel?mode=test`).send({}),
        ]),
      );
    },
    'POST /account/webhook-endpoints': async () => {
      const url = 'http://127.0.0.1:9/attacker-made';
      for (const field of ['accountId', 'account_id', 'ownerId', 'endpoint_id']) {
        const res = await s.attacker.agent
          .post('/account/webhook-endpoints?mode=test')
          .send({ url, [field]: s.victim.account.id });
        expect({ field, status: res.status, param: res.body.error?.param }).toEqual({
          field,
          status: 400,
          param: field,
        });
      }
      const viaQuery = await s.attacker.agent
        .post(`/account/webhook-endpoints?mode=test&accountId=${s.victim.account.id}`)
        .send({ url });
      expect(viaQuery.status).toBe(400);
      const made = await s.attacker.agent
        .post('/account/webhook-endpoints?mode=test')
        .send({ url });
      expect(made.status).toBe(201);
      const owner = await s.db.query(`SELECT account_id FROM webhook_endpoints WHERE id = $1`, [
        made.body.id,
      ]);
      expect(owner.rows[0].account_id).toBe(s.attacker.account.id);
      expect(
        (await s.attacker.agent.delete(`/account/webhook-endpoints/${made.body.id}`)).status,
      ).toBe(200);
    },
    'GET /account/webhook-endpoints': async () => {
      for (const mode of ['test', 'live']) {
        const res = await s.attacker.agent.get(`/account/webhook-endpoints?mode=${mode}&limit=100`);
        expect({ mode, status: res.status }).toEqual({ mode, status: 200 });
        expect(res.body.data.map((e: { id: string }) => e.id)).toEqual(
          mode === 'test' ? [s.attacker.endpointId] : [],
        );
        expect(mentionsVictim(res.text)).toEqual([]);
      }
      const cursor = await s.attacker.agent.get(
        `/account/webhook-endpoints?mode=test&starting_after=${s.victim.endpointId}`,
      );
      expect(cursor.status).toBe(400);
      expect(mentionsVictim(cursor.text)).toEqual([]);
      for (const query of ['', 'mode=admin', `mode=test&accountId=${s.victim.account.id}`]) {
        const res = await s.attacker.agent.get(`/account/webhook-endpoints?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
    },
    'GET /account/webhook-endpoints/{id}': async () => {
      const own = await s.victim.agent.get(`/account/webhook-endpoints/${s.victim.endpointId}`);
      expect(own.status).toBe(200);
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () => s.attacker.agent.get(`/account/webhook-endpoints/${id}`),
        ]),
      );
    },
    'PATCH /account/webhook-endpoints/{id}': async () => {
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () =>
            s.attacker.agent
              .patch(`/account/webhook-endpoints/${id}`)
              .send({ status: 'disabled', url: 'http://127.0.0.1:9/stolen' }),
        ]),
      );
      // Its own endpoint cannot be handed to another account either.
      const moved = await s.attacker.agent
        .patch(`/account/webhook-endpoints/${s.attacker.endpointId}`)
        .send({ accountId: s.victim.account.id });
      expect(moved.status).toBe(400);
      expect(moved.body.error.param).toBe('accountId');
    },
    'DELETE /account/webhook-endpoints/{id}': async () => {
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () => s.attacker.agent.delete(`/account/webhook-endpoints/${id}`),
        ]),
      );
    },
    'POST /account/webhook-endpoints/{id}/rotate-secret': async () => {
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () => s.attacker.agent.post(`/account/webhook-endpoints/${id}/rotate-secret`).send({}),
        ]),
      );
    },
    'GET /account/webhook-endpoints/{id}/deliveries': async () => {
      const own = await s.victim.agent.get(
        `/account/webhook-endpoints/${s.victim.endpointId}/deliveries`,
      );
      // Control: the victim sees its own (more than the first two: it made calls since).
      expect(own.body.data.map((d: { id: string }) => d.id)).toEqual(
        expect.arrayContaining(s.victim.deliveryIds),
      );
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () => s.attacker.agent.get(`/account/webhook-endpoints/${id}/deliveries`),
        ]),
      );
      // Its own log holds only its own deliveries; a victim's delivery is no cursor.
      const mine = await s.attacker.agent.get(
        `/account/webhook-endpoints/${s.attacker.endpointId}/deliveries?limit=100`,
      );
      expect(mine.status).toBe(200);
      expect(mine.body.data.map((d: { id: string }) => d.id).sort()).toEqual(
        [...s.attacker.deliveryIds].sort(),
      );
      expect(mentionsVictim(mine.text)).toEqual([]);
      const cursor = await s.attacker.agent.get(
        `/account/webhook-endpoints/${s.attacker.endpointId}/deliveries?starting_after=${s.victim.deliveryIds[0]}`,
      );
      expect(cursor.status).toBe(400);
      expect(mentionsVictim(cursor.text)).toEqual([]);
    },
    'POST /account/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver': async () => {
      const requests: [string, () => Promise<request.Response>][] = [];
      for (const deliveryId of s.victim.deliveryIds) {
        // The victim's endpoint, or the attacker's own endpoint with the victim's delivery.
        for (const endpointId of [s.victim.endpointId, s.attacker.endpointId]) {
          requests.push([
            `${endpointId}/${deliveryId}`,
            () =>
              s.attacker.agent
                .post(`/account/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/redeliver`)
                .send({}),
          ]);
        }
      }
      for (const id of HOSTILE_IDS) {
        requests.push([
          `hostile ${id}`,
          () =>
            s.attacker.agent
              .post(
                `/account/webhook-endpoints/${s.attacker.endpointId}/deliveries/${id}/redeliver`,
              )
              .send({}),
        ]);
      }
      await expectAll404(requests);
    },
    'POST /account/invites': async () => {
      // Operator-only (function-level authorization, API5): a plain account gets 403.
      const count = async () =>
        (await s.db.query(`SELECT count(*)::int AS n FROM invites`)).rows[0].n as number;
      const before = await count();
      const res = await s.attacker.agent.post('/account/invites').send({ apiAccess: true });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(await count()).toBe(before);
    },
  };
}

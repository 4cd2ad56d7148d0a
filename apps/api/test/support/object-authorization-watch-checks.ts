import type request from 'supertest';
import type { ObjectAuthorizationSuite } from './object-authorization-parties';

/** The dashboard's watch routes, signed in as the attacker: the victim's watch is a missing one. */
export function watchRouteChecks(
  ctx: ObjectAuthorizationSuite,
): Record<string, () => Promise<void>> {
  const { s, expectAll404, foreignIds, mentionsVictim } = ctx;
  let victimWatch: string | undefined;
  /** The victim's own dashboard watch, made once. */
  const victimWatchId = async (): Promise<string> => {
    if (victimWatch) return victimWatch;
    const made = await s.victim.agent
      .post('/account/watches?mode=test')
      .send({ query: 'victim niche', interval: 'daily' });
    expect(made.status).toBe(201);
    victimWatch = made.body.id as string;
    return victimWatch;
  };
  const each404 = async (send: (id: string) => Promise<request.Response>) =>
    expectAll404(foreignIds([await victimWatchId()]).map((id) => [id, () => send(id)]));
  const victimWatchIsIntact = async () => {
    const own = await s.victim.agent.get(`/account/watches/${await victimWatchId()}?mode=test`);
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('active');
  };

  return {
    'GET /account/watches': async () => {
      await victimWatchId();
      for (const mode of ['test', 'live']) {
        const res = await s.attacker.agent.get(`/account/watches?mode=${mode}&limit=100`);
        expect({ mode, status: res.status }).toEqual({ mode, status: 200 });
        expect(res.body.data.map((w: { id: string }) => w.id)).not.toContain(victimWatch);
        expect(mentionsVictim(res.text)).toEqual([]);
      }
    },
    'POST /account/watches': async () => {
      const made = await s.attacker.agent
        .post('/account/watches?mode=test')
        .send({ query: 'attacker niche', interval: 'daily' });
      expect(made.status).toBe(201);
      const owner = await s.db.query(`SELECT account_id FROM watches WHERE id = $1`, [
        made.body.id,
      ]);
      expect(owner.rows[0].account_id).toBe(s.attacker.account.id);
      expect(
        (await s.attacker.agent.delete(`/account/watches/${made.body.id}?mode=test`)).status,
      ).toBe(200);
    },
    'GET /account/watches/{id}': () =>
      each404((id) => s.attacker.agent.get(`/account/watches/${id}?mode=test`)),
    'PATCH /account/watches/{id}': async () => {
      await each404((id) =>
        s.attacker.agent.patch(`/account/watches/${id}?mode=test`).send({ status: 'paused' }),
      );
      await victimWatchIsIntact();
    },
    'DELETE /account/watches/{id}': async () => {
      await each404((id) => s.attacker.agent.delete(`/account/watches/${id}?mode=test`));
      await victimWatchIsIntact();
    },
    'POST /account/watches/{id}/run': async () => {
      await each404((id) => s.attacker.agent.post(`/account/watches/${id}/run?mode=test`).send({}));
      await victimWatchIsIntact();
    },
  };
}

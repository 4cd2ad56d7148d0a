import { Webhook } from 'standardwebhooks';
import { signAttempt } from './webhook-signature';
import { newSigningSecret } from './webhook-secrets';

describe('signAttempt', () => {
  const body = JSON.stringify({
    type: 'job.succeeded',
    timestamp: '2025-01-01T00:00:00.000Z',
    data: { id: 'j1' },
  });

  it("verifies with standardwebhooks' own verifier", () => {
    const secret = newSigningSecret();
    const headers = signAttempt('msg_1', new Date(), body, [secret]);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('during a rotation carries both signatures: either secret verifies, no other does', () => {
    const current = newSigningSecret();
    const previous = newSigningSecret();
    const headers = signAttempt('msg_2', new Date(), body, [current, previous]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(previous).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, { ...headers })).toThrow();
  });

  it('a changed body does not verify', () => {
    const secret = newSigningSecret();
    const headers = signAttempt('msg_3', new Date(), body, [secret]);
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
  });
});

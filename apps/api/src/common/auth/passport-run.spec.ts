import type { Request } from 'express';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import { runPassportStrategy } from './passport-run';

describe('runPassportStrategy', () => {
  const strategy = new BearerStrategy((token, done) => {
    if (token === 'boom') return done(new Error('store down'));
    setImmediate(() => done(null, token === 'good' ? { id: 'k1' } : false));
  });
  const request = (authorization?: string) =>
    ({ headers: authorization === undefined ? {} : { authorization } }) as unknown as Request;

  it('resolves with what the strategy authenticated', async () => {
    await expect(runPassportStrategy(strategy, request('Bearer good'))).resolves.toEqual({
      id: 'k1',
    });
  });

  it('resolves false for a credential the strategy refuses, or none at all', async () => {
    await expect(runPassportStrategy(strategy, request('Bearer bad'))).resolves.toBe(false);
    await expect(runPassportStrategy(strategy, request())).resolves.toBe(false);
    await expect(runPassportStrategy(strategy, request('Basic x y'))).resolves.toBe(false);
  });

  it('rejects when the strategy fails with an error', async () => {
    await expect(runPassportStrategy(strategy, request('Bearer boom'))).rejects.toThrow(
      'store down',
    );
  });

  it("leaves the request's shape alone (no passport session helpers on it)", async () => {
    const req = request('Bearer good');
    await runPassportStrategy(strategy, req);
    expect(Object.keys(req)).toEqual(['headers']);
  });
});

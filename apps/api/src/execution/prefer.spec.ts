import { DomainError } from '@reelscout/domain';
import { parsePrefer } from './prefer';

describe('parsePrefer (RFC 7240)', () => {
  it('defaults to sync without a Prefer header', () => {
    expect(parsePrefer(undefined)).toEqual({ kind: 'sync' });
    expect(parsePrefer('')).toEqual({ kind: 'sync' });
  });

  it('reads respond-async, case-insensitively, among other preferences and parameters', () => {
    expect(parsePrefer('respond-async')).toEqual({ kind: 'async' });
    expect(parsePrefer('return=minimal, Respond-Async; foo=bar')).toEqual({ kind: 'async' });
    expect(parsePrefer(['handling=lenient', 'respond-async'])).toEqual({ kind: 'async' });
  });

  it('reads wait=N, quoted or not; wait wins over respond-async', () => {
    expect(parsePrefer('wait=5')).toEqual({ kind: 'wait', seconds: 5 });
    expect(parsePrefer('wait="60"')).toEqual({ kind: 'wait', seconds: 60 });
    expect(parsePrefer('respond-async, wait=10')).toEqual({ kind: 'wait', seconds: 10 });
  });

  it('ignores preferences it does not know', () => {
    expect(parsePrefer('return=representation, handling=strict, x-foo')).toEqual({ kind: 'sync' });
  });

  it.each(['wait=0', 'wait=61', 'wait=', 'wait=abc', 'wait=1.5', 'wait=-1', 'wait=0005x'])(
    'refuses %s with 400 param Prefer',
    (header) => {
      let error: unknown;
      try {
        parsePrefer(header);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'invalid_request', param: 'Prefer' });
    },
  );
});

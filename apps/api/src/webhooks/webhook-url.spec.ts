import { DomainError } from '@reelscout/domain';
import { parseEndpointUrl } from './webhook-url';

function refusal(raw: string, mode: 'live' | 'test'): DomainError {
  try {
    parseEndpointUrl(raw, mode);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error(`expected ${raw} to be refused`);
}

describe('parseEndpointUrl', () => {
  it.each(['not a url', '/relative/path', 'ftp://example.com/x', 'javascript:alert(1)', ''])(
    'refuses %p with param url',
    (raw) => {
      const error = refusal(raw, 'test');
      expect(error.code).toBe('invalid_request');
      expect(error.param).toBe('url');
    },
  );

  it('live mode: https only', () => {
    expect(refusal('http://example.com/hook', 'live').message).toContain('https');
    expect(parseEndpointUrl('https://example.com/hook', 'live').host).toBe('example.com');
  });

  it('test mode may use http (localhost for developers)', () => {
    expect(parseEndpointUrl('http://localhost:3000/hook', 'test').port).toBe('3000');
  });

  it('refuses credentials and fragments', () => {
    expect(refusal('https://user:pw@example.com/', 'live').param).toBe('url');
    expect(refusal('https://example.com/#x', 'live').param).toBe('url');
  });
});

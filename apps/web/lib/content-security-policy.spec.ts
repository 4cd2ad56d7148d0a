import { contentSecurityPolicy, newNonce } from './content-security-policy';

/** The dashboard's policy, directive by directive (what the browser test sees enforced). */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('scripts and styles from the dashboard itself or with this nonce; nothing inline otherwise', () => {
    const policy = directives(contentSecurityPolicy('abc123'));
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy['style-src']).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['style-src-attr']).toEqual(["'none'"]);
    expect(JSON.stringify(policy)).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
  });

  it('images, media and fonts from our own origin only; no framing, plugins or base change', () => {
    const policy = directives(contentSecurityPolicy('n'));
    for (const name of ['img-src', 'media-src', 'font-src', 'connect-src']) {
      expect([name, policy[name]]).toEqual([name, ["'self'"]]);
    }
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
  });

  it("allows eval only for Next.js's development server", () => {
    expect(directives(contentSecurityPolicy('n', { dev: true }))['script-src']).toContain(
      "'unsafe-eval'",
    );
  });

  it('makes a fresh 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

import { isAccountEmail, runCli } from './cli.runner';

describe('operator CLI arguments', () => {
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('accepts exactly the e-mail addresses the sign-in form accepts (as stored)', () => {
    expect(isAccountEmail('ops@example.com')).toBe(true);
    expect(isAccountEmail('  Ops@Example.COM ')).toBe(true); // stored trimmed and lower-cased
    for (const bad of ['ops', 'ops@', '@example.com', 'ops@localhost', 'a b@example.com', '']) {
      expect({ bad, ok: isAccountEmail(bad) }).toEqual({ bad, ok: false });
    }
    expect(isAccountEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.com`)).toBe(true);
    expect(isAccountEmail(`${'a'.repeat(60)}@${`${'b'.repeat(60)}.`.repeat(4)}com`)).toBe(false);
  });

  it('refuses a new account or invite for something that is not an e-mail address, with usage', async () => {
    // Refused before any database work: no DATABASE_URL is needed to get here.
    for (const argv of [
      ['accounts:create', '--email', 'ops', '--password', 'long password 1'],
      ['accounts:create', '--email=ops@', '--password', 'long password 1', '--api-access'],
      ['invites:create', '--email', 'not an address', '--api-access'],
    ]) {
      const result = await run(argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.err).toMatch(/--email must be an e-mail address/);
      expect(result.err).toMatch(/Usage: npm run cli/);
      expect(result.out).toBe('');
    }
  });

  it('documents how the database is chosen and migrated', async () => {
    const result = await run([]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/embedded database is migrated before each command/);
    expect(result.err).toMatch(/npm run migrate/);
  });
});

import { NestFactory } from '@nestjs/core';
import {
  isAccountEmail,
  keySettingsFromOptions,
  parseExpiresAt,
  parseOperations,
  parseUsdLimit,
  runCli,
} from './cli.runner';

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

  it('prints help generated from the commands: --help exits 0 on stdout, no command exits 2', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.err).toBe('');
    expect(help.out).toMatch(/^Usage: npm run cli -- \[options\] \[command\]/);
    const commands = [
      'migrate',
      'invites:create',
      'accounts:create',
      'accounts:list',
      'access:grant',
      'access:revoke',
      'keys:create',
      'keys:update',
      'keys:revoke',
      'credit:add',
      'balance',
      'reset-link:create',
      'providers:check',
      'openapi',
    ];
    for (const command of commands) {
      expect(help.out).toMatch(new RegExp(`^  ${command} `, 'm'));
      const own = await run([command, '--help']);
      expect({ command, code: own.code }).toEqual({ command, code: 0 });
      expect(own.out).toContain(`Usage: npm run cli -- ${command}`);
    }
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.err).toBe(help.out);
    const unknown = await run(['keys:mint']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown command 'keys:mint'[\s\S]*Usage: npm run cli/);
  });

  it('openapi prints the served document from the one container of its run, the API scanned, not started', async () => {
    const contexts = jest.spyOn(NestFactory, 'createApplicationContext');
    const apps = jest.spyOn(NestFactory, 'create');
    try {
      const result = await run(['openapi']);
      expect(result.code).toBe(0);
      expect(contexts).toHaveBeenCalledTimes(1);
      expect(apps).not.toHaveBeenCalled();
      const document = JSON.parse(result.out) as { openapi: string; paths: object };
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/v1/assist', '/v1/scan']),
      );
    } finally {
      contexts.mockRestore();
      apps.mockRestore();
    }
  });

  it('documents how the database is chosen and migrated', async () => {
    const result = await run([]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/embedded database is migrated before each command/);
    expect(result.err).toMatch(/npm run migrate/);
  });

  it('reads key settings flags as USD (parseUsd) into micro-USD; none and all clear', () => {
    expect(
      keySettingsFromOptions({
        limitTotalUsd: parseUsdLimit('limit-total-usd', '50'),
        limitDailyUsd: parseUsdLimit('limit-daily-usd', '0.000001'),
        operations: parseOperations('scan,assist'),
        expiresAt: parseExpiresAt('2099-01-01T00:00:00Z'),
        subjectLimitMonthlyUsd: parseUsdLimit('subject-limit-monthly-usd', '12.5'),
      }),
    ).toEqual({
      limits: { totalMicros: 50_000_000, dailyMicros: 1, monthlyMicros: undefined },
      operations: ['scan', 'assist'],
      expiresAt: new Date('2099-01-01T00:00:00Z'),
      subjectLimits: { dailyMicros: undefined, monthlyMicros: 12_500_000 },
    });
    expect(
      keySettingsFromOptions({
        limitDailyUsd: parseUsdLimit('limit-daily-usd', 'none'),
        operations: parseOperations('all'),
        expiresAt: parseExpiresAt('none'),
      }),
    ).toEqual({
      limits: { totalMicros: undefined, dailyMicros: null, monthlyMicros: undefined },
      operations: null,
      expiresAt: null,
    });
    expect(keySettingsFromOptions({})).toEqual({});
  });

  it('refuses bad key settings with usage before any database work', async () => {
    for (const [argv, message] of [
      [['keys:create', '--email', 'a@example.com', '--limit-daily-usd', '-1'], /--limit-daily-usd/],
      [
        ['keys:create', '--email', 'a@example.com', '--limit-monthly-usd', '0'],
        /at least 0.000001/,
      ],
      [['keys:create', '--email', 'a@example.com', '--operations', 'fly'], /unknown: fly/],
      [['keys:update', '--id', 'x', '--expires-at', 'soon'], /--expires-at/],
      [['keys:update', '--id', 'x'], /at least one setting/],
      [['keys:update', '--id', 'x', '--mode', 'live'], /unknown option '--mode'/],
    ] as [string[], RegExp][]) {
      const result = await run(argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.err).toMatch(message);
      expect(result.err).toMatch(/Usage: npm run cli/);
    }
  });

  it('documents the key settings flags in the help of both key commands', async () => {
    const create = await run(['keys:create', '--help']);
    expect(create.code).toBe(0);
    const { code, out } = await run(['keys:update', '--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/Usage: npm run cli -- keys:update/);
    expect(out).toMatch(/--id <id> +the key's id \(required\)/);
    for (const flag of [
      '--limit-total-usd',
      '--limit-daily-usd',
      '--limit-monthly-usd',
      '--operations <list>',
      '--expires-at',
      '--subject-limit-daily-usd',
      '--subject-limit-monthly-usd',
    ]) {
      expect(out).toContain(flag);
      expect(create.out).toContain(flag);
    }
  });

  it('reset-link:create takes exactly --email, checked before any database work', async () => {
    expect((await run([])).err).toMatch(/reset-link:create \[options\] +print a one-time/);
    const help = await run(['reset-link:create', '--help']);
    expect(help.out).toMatch(/^ +--email <address> +the account's address \(required\)$/m);
    for (const [argv, message] of [
      [['reset-link:create'], /reset-link:create needs --email/],
      [['reset-link:create', '--email'], /option '--email <address>' argument missing/],
      [['reset-link:create', '--email', 'a@example.com', '--mode', 'live'], /unknown option/],
    ] as [string[], RegExp][]) {
      const result = await run(argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.err).toMatch(message);
      expect(result.out).toBe('');
    }
  });
});

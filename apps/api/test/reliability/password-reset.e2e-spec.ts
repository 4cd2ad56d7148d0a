import { Logger } from '@nestjs/common';
import request from 'supertest';
import { AuthService } from '../../src/auth/auth.service';
import { PasswordResetLinks } from '../../src/auth/password-reset-links';
import { runCli } from '../../src/cli/cli.runner';
import { MailService, type OutgoingMail } from '../../src/mail/mail.service';
import { createAccount, uniqueEmail } from '../support/fixtures';
import { waitForValue } from '../support/local-servers';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Threats around password reset: (1) telling who has an account, because the request waited for
 * SMTP only when the address was an account's; (2) the full reset link, a bearer credential,
 * written to the log when SMTP_URL was blank; (3) a reset that consumed only the link it used,
 * leaving any other (leaked) link of the account working. The request now answers at once and
 * does the lookup and the mail afterwards; without a transport nothing is sent or logged but one
 * start-up line naming `reset-link:create`; a successful reset voids every outstanding link.
 * No wall-clock assertions: the tests hold the mailer and look at what answered first.
 */

const LOG_METHODS = ['log', 'warn', 'error', 'debug', 'verbose', 'fatal'] as const;

/** Everything the app logs through Nest's Logger from now on, as text. */
function captureLogs(): { lines: () => string[]; restore(): void } {
  const spies = LOG_METHODS.map((method) => jest.spyOn(Logger.prototype, method));
  return {
    lines: () =>
      spies.flatMap((spy) => spy.mock.calls.map((call) => call.map((a) => String(a)).join(' '))),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

const server = (t: TestApp) => t.app.getHttpServer();
const resetRequest = (t: TestApp, email: string) =>
  request(server(t)).post('/auth/password-reset/request').send({ email });
const confirm = (t: TestApp, url: string, password: string) =>
  request(server(t))
    .post('/auth/password-reset/confirm')
    .send({ token: url.split('/').pop(), password });

describe('password reset without a mail transport, in production (e2e)', () => {
  let t: TestApp;
  let logs: ReturnType<typeof captureLogs>;

  beforeAll(async () => {
    logs = captureLogs();
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SMTP_URL: '',
        AUTH_RATE_LIMIT_PER_MIN: '100000',
      },
    });
  });

  afterAll(async () => {
    logs?.restore();
    await t?.close();
  });

  it('says so once at start-up, naming the CLI command; a reset link is never logged', async () => {
    const notices = logs.lines().filter((line) => line.includes('SMTP_URL is not set'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('npm run cli -- reset-link:create --email');

    const account = await createAccount(t.app);
    const asked = await resetRequest(t, account.email);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ accepted: true });
    await t.app.get(AuthService).settled();

    // The operator's way to a link: the CLI prints it (last line), and it works once.
    const out: string[] = [];
    const code = await runCli(['reset-link:create', '--email', account.email], {
      out: (line) => out.push(line),
      err: (line) => out.push(`ERR ${line}`),
    });
    expect(code).toBe(0);
    const link = out[out.length - 1];
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{32,}$/);
    expect((await confirm(t, link, 'a new password from the cli')).status).toBe(200);
    expect((await confirm(t, link, 'and once more')).status).toBe(400);

    const token = link.split('/').pop()!;
    const leaked = logs
      .lines()
      .filter((line) => line.includes(token) || /reset-password\//.test(line));
    expect(leaked).toEqual([]);
  });

  it('reset-link:create: an unknown address is exit 1, a missing one is usage (exit 2)', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (line: string) => err.push(line) };
    expect(await runCli(['reset-link:create', '--email', uniqueEmail()], io)).toBe(1);
    expect(err.join('\n')).toMatch(/No account with e-mail/);
    expect(await runCli(['reset-link:create'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/reset-link:create needs --email/);
  });
});

describe('password reset with a mail transport (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        // A transport exists (nothing listens there): the tests hold `send` themselves.
        SMTP_URL: 'smtp://127.0.0.1:9',
        AUTH_RATE_LIMIT_PER_MIN: '100000',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the same, before any mail is sent, whether or not the account exists', async () => {
    const mail = t.app.get(MailService);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: OutgoingMail[] = [];
    const send = jest.spyOn(mail, 'send').mockImplementation(async (message) => {
      sent.push(message);
      await held;
    });
    try {
      const account = await createAccount(t.app);
      // Bounded, so code that waits for the mailer fails here instead of hanging.
      const answered = async (email: string) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<null>(
          (resolve) => (timer = setTimeout(() => resolve(null), 10_000)),
        );
        try {
          return await Promise.race([resetRequest(t, email).then((res) => res), late]);
        } finally {
          clearTimeout(timer);
        }
      };

      const known = await answered(account.email);
      const unknown = await answered(uniqueEmail());
      for (const res of [known, unknown]) {
        expect(res?.status).toBe(202);
        expect(res?.body).toEqual({ accepted: true });
      }
      expect(Object.keys(known!.headers).sort()).toEqual(Object.keys(unknown!.headers).sort());

      // The mail for the account is under way (held), after both answers; none for the other.
      await waitForValue(() => (sent.length > 0 ? true : undefined), 10_000, 'the reset e-mail');
      release();
      await t.app.get(AuthService).settled();
      expect(sent.map((message) => message.to)).toEqual([account.email]);
      expect(sent[0].text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{32,}/);
    } finally {
      release();
      send.mockRestore();
    }
  });

  it('confirming a reset voids every outstanding link of that account, and only of that account', async () => {
    const account = await createAccount(t.app);
    const other = await createAccount(t.app);
    const links = t.app.get(PasswordResetLinks);
    const [first, second, third] = [
      await links.create(account.id),
      await links.create(account.id),
      await links.create(account.id),
    ];
    const others = await links.create(other.id);

    expect((await confirm(t, second.url, 'the second link wins')).status).toBe(200);
    for (const link of [first, third]) {
      const res = await confirm(t, link.url, 'a leaked link tries');
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe('token');
    }
    expect((await confirm(t, others.url, 'another account is untouched')).status).toBe(200);

    const signIn = await request(server(t))
      .post('/auth/sign-in')
      .send({ email: account.email, password: 'the second link wins' });
    expect(signIn.status).toBe(200);
  });
});

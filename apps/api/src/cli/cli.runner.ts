import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { runMigrations } from '@reelscout/database';
import { DomainError, MODES, formatUsd, isMode, parseUsd } from '@reelscout/domain';
import { isEmail } from 'class-validator';
import { BillingService } from '../ledger/billing.service';
import { AccountsService, normaliseEmail } from '../accounts/accounts.service';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { InvitesService } from '../auth/invites.service';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/dto/auth.dto';
import { DatabaseRepository } from '../repositories/database.repository';
import { CliModule } from './cli.module';
import { openApiCommand } from './openapi.command';
import { providersCheck } from './providers-check.command';

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                             apply pending database migrations
  invites:create [--email E] [--api-access] [--admin] print a one-time invite URL
  accounts:create --email E --password P [--api-access] [--admin]
  accounts:list                                       list accounts
  access:grant --email E                              grant API access
  access:revoke --email E                             revoke API access (existing keys get 403)
  keys:create --email E [--name N] [--mode live|test] create a key; the key is the last line printed
  keys:revoke --key-id ID                             revoke a key
  credit:add --email E --usd 12.50 [--mode live|test] [--reason R]
                                                      add credit (a ledger grant; default mode live)
  balance --email E                                   show live and test balances
  providers:check [--instagram-url U] [--youtube-id ID]
                                                      call every video-data endpoint the live
                                                      adapter uses once, with VIDEO_PROVIDER_*
                                                      credentials; prints ok or the error and
                                                      the latency per endpoint (no database)
  openapi [--out FILE]                                print the OpenAPI document the API serves
                                                      (no database)

--email takes an e-mail address (the rule the dashboard's sign-in form applies).

Database: DATABASE_URL when set, else the embedded Postgres in .data/postgres.
The embedded database is migrated before each command. A DATABASE_URL database is never
migrated implicitly: commands refuse to run while it has pending migrations; run
\`npm run migrate\` first.
`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

class UsageError extends Error {}

/** Not safe to run commands against this database: its schema is behind this code's. */
class NotMigratedError extends Error {}

/**
 * The rule the dashboard applies at sign-in (SignInDto: IsEmail, at most 254 characters) to the
 * address as stored (normalised). An account whose e-mail fails it could never sign in.
 */
export function isAccountEmail(value: string): boolean {
  const email = normaliseEmail(value);
  return email.length <= 254 && isEmail(email);
}

const invalidEmail = (value: string) =>
  new UsageError(`--email must be an e-mail address such as ada@example.com, got "${value}"`);

type Flags = Record<string, string | true>;

const COMMAND_FLAGS: Record<string, { values: string[]; booleans: string[]; required: string[] }> =
  {
    migrate: { values: [], booleans: [], required: [] },
    'providers:check': { values: ['instagram-url', 'youtube-id'], booleans: [], required: [] },
    openapi: { values: ['out'], booleans: [], required: [] },
    'invites:create': { values: ['email'], booleans: ['api-access', 'admin'], required: [] },
    'accounts:create': {
      values: ['email', 'password'],
      booleans: ['api-access', 'admin'],
      required: ['email', 'password'],
    },
    'accounts:list': { values: [], booleans: [], required: [] },
    'access:grant': { values: ['email'], booleans: [], required: ['email'] },
    'access:revoke': { values: ['email'], booleans: [], required: ['email'] },
    'keys:create': { values: ['email', 'name', 'mode'], booleans: [], required: ['email'] },
    'keys:revoke': { values: ['key-id'], booleans: [], required: ['key-id'] },
    'credit:add': {
      values: ['email', 'usd', 'mode', 'reason'],
      booleans: [],
      required: ['email', 'usd'],
    },
    balance: { values: ['email'], booleans: [], required: ['email'] },
  };

export function parseArgs(argv: string[]): { command: string; flags: Flags } {
  const [command, ...rest] = argv;
  const spec = command ? COMMAND_FLAGS[command] : undefined;
  if (!spec) throw new UsageError(command ? `Unknown command: ${command}` : 'No command given.');
  const flags: Flags = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new UsageError(`Unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (spec.booleans.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
    } else if (spec.values.includes(name)) {
      const value = inline ?? rest[++i];
      if (value === undefined || value.startsWith('--'))
        throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
    } else {
      throw new UsageError(`Unknown option for ${command}: --${name}`);
    }
  }
  for (const name of spec.required) {
    if (flags[name] === undefined) throw new UsageError(`${command} needs --${name}`);
  }
  return { command, flags };
}

async function withContext<T>(run: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const app = await NestFactory.createApplicationContext(CliModule.register(), {
    logger: ['error'],
    abortOnError: false,
  });
  try {
    const pending = await app.get(DatabaseRepository).getPendingMigrations();
    if (pending.length) {
      throw new NotMigratedError(
        `The database has ${pending.length} pending migration(s) (${pending.join(', ')}); ` +
          'nothing was changed. Run `npm run migrate` first.',
      );
    }
    return await run(app);
  } finally {
    await app.close();
  }
}

const str = (value: string | true | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Commands whose --email becomes an account's or invite's address. */
const EMAIL_BINDING_COMMANDS = new Set(['accounts:create', 'invites:create']);

/** The account with this e-mail; a miss on an address that is not one is a usage error. */
async function accountByEmail(accounts: AccountsService, email: string) {
  const account = await accounts.findByEmail(email);
  if (account) return account;
  if (!isAccountEmail(email)) throw invalidEmail(email);
  throw new DomainError('not_found', `No account with e-mail ${email}.`);
}

/** Runs one CLI command; returns the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: { command: string; flags: Flags };
  try {
    parsed = parseArgs(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { command, flags } = parsed;
  try {
    // An address that names a new account or invite must be valid; lookups check it on a miss
    // (accountByEmail), so an account stored before this rule can still be managed.
    const email = str(flags.email);
    if (email !== undefined && EMAIL_BINDING_COMMANDS.has(command) && !isAccountEmail(email)) {
      throw invalidEmail(email);
    }
    if (command === 'providers:check') {
      return await providersCheck(
        { instagramUrl: str(flags['instagram-url']), youtubeId: str(flags['youtube-id']) },
        io,
      );
    }
    if (command === 'openapi') return await openApiCommand(str(flags.out), io);
    if (command === 'migrate') {
      const url = process.env.DATABASE_URL;
      if (!url) throw new UsageError('DATABASE_URL is not set.');
      const applied = await runMigrations(url);
      io.out(
        applied.length
          ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
          : 'Database is up to date.',
      );
      return 0;
    }
    return await withContext(async (app) => {
      const accounts = app.get(AccountsService);
      switch (command) {
        case 'invites:create': {
          const invite = await app.get(InvitesService).create({
            email: str(flags.email),
            apiAccess: flags['api-access'] === true,
            admin: flags.admin === true,
          });
          io.out(
            `Invite (expires ${invite.expiresAt}${invite.grantsApiAccess ? ', grants API access' : ''}):`,
          );
          io.out(invite.url);
          return 0;
        }
        case 'accounts:create': {
          const password = str(flags.password)!;
          if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
            throw new UsageError(`--password must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters`);
          }
          const account = await accounts.create({
            email: str(flags.email)!,
            password,
            apiAccess: flags['api-access'] === true,
            isAdmin: flags.admin === true,
          });
          io.out(
            `Created account ${account.email} (${account.id})${account.apiAccess ? ' with API access' : ''}`,
          );
          return 0;
        }
        case 'accounts:list': {
          for (const a of await accounts.list()) {
            io.out(
              `${a.id}  ${a.email}  api_access=${a.apiAccess}  admin=${a.isAdmin}  created=${a.createdAt.toISOString()}`,
            );
          }
          return 0;
        }
        case 'access:grant':
        case 'access:revoke': {
          const grant = command === 'access:grant';
          const found = await accountByEmail(accounts, str(flags.email)!);
          const account = await accounts.setApiAccess(found.email, grant);
          app.get(ApiKeysService).forgetAccount(account.id);
          io.out(`${grant ? 'Granted' : 'Revoked'} API access for ${account.email}`);
          return 0;
        }
        case 'keys:create': {
          const mode = str(flags.mode) ?? 'test';
          if (!isMode(mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}`);
          const name = str(flags.name) ?? `${mode} key`;
          if (name.length < 1 || name.length > 64)
            throw new UsageError('--name must be 1–64 characters');
          const account = await accountByEmail(accounts, str(flags.email)!);
          const key = await app.get(ApiKeysService).create(account.id, { name, mode });
          io.out(
            `Created ${mode} key "${key.name}" (${key.id}) for ${account.email}${account.apiAccess ? '' : ' (the account has no API access yet: calls get 403)'}.`,
          );
          io.out('Store it now: it is shown once and cannot be recovered.');
          io.out(key.key);
          return 0;
        }
        case 'keys:revoke': {
          const key = await app.get(ApiKeysService).revokeById(str(flags['key-id'])!);
          io.out(`Revoked key ${key.id} (${key.start})`);
          return 0;
        }
        case 'credit:add': {
          const mode = str(flags.mode) ?? 'live';
          if (!isMode(mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}`);
          const amount = parseUsd(str(flags.usd)!);
          if (amount === null || amount <= 0)
            throw new UsageError('--usd must be a positive amount such as 12.50');
          const account = await accountByEmail(accounts, str(flags.email)!);
          const result = await app
            .get(BillingService)
            .credit({ accountId: account.id, mode }, amount, {
              kind: 'grant',
              reason: str(flags.reason) ?? 'operator grant (CLI)',
            });
          io.out(
            `Added ${formatUsd(amount)} USD of ${mode} credit to ${account.email}; balance ${formatUsd(result!.balance)} USD`,
          );
          return 0;
        }
        case 'balance': {
          const account = await accountByEmail(accounts, str(flags.email)!);
          const balances = await app.get(BillingService).balances(account.id);
          for (const mode of MODES) {
            const b = balances[mode];
            io.out(
              `${mode}: balance ${formatUsd(b.balance)} USD, held ${formatUsd(b.held)}, available ${formatUsd(b.available)}`,
            );
          }
          return 0;
        }
        default:
          throw new UsageError(`Unknown command: ${command}`);
      }
    });
  } catch (error) {
    if (error instanceof NotMigratedError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(error instanceof DomainError ? error.message : `Failed: ${(error as Error).message}`);
    return 1;
  }
}

import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { runMigrations } from '@reelscout/database';
import {
  DomainError,
  MODES,
  OPERATIONS,
  formatUsd,
  isMode,
  parseUsd,
  type ApiKeyView,
} from '@reelscout/domain';
import { isEmail } from 'class-validator';
import { BillingService } from '../ledger/billing.service';
import { AccountsService, normaliseEmail } from '../accounts/accounts.service';
import { ApiKeysService } from '../api-keys/api-keys.service';
import type { KeySettingsInput } from '../api-keys/key-settings';
import { parseIsoInstant } from '../usage/dto/usage.dto';
import { InvitesService } from '../auth/invites.service';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/dto/auth.dto';
import { DatabaseRepository } from '../repositories/database.repository';
import { CliModule } from './cli.module';
import { openApiCommand } from './openapi.command';
import { providersCheck } from './providers-check.command';
import { resetLinkCommand } from './reset-link.command';

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                             apply pending database migrations
  invites:create [--email E] [--api-access] [--admin] print a one-time invite URL
  accounts:create --email E --password P [--api-access] [--admin]
  accounts:list                                       list accounts
  access:grant --email E                              grant API access
  access:revoke --email E                             revoke API access (existing keys get 403)
  keys:create --email E [--name N] [--mode live|test] [key settings]
                                                      create a key; the key is the last line printed
  keys:update --id ID [--name N] [key settings]       change a key's settings (audited as operator)
  keys:revoke --key-id ID                             revoke a key
  credit:add --email E --usd 12.50 [--mode live|test] [--reason R]
                                                      add credit (a ledger grant; default mode live)
  balance --email E                                   show live and test balances
  reset-link:create --email E                         print a one-time password-reset link for
                                                      the account (for installs without SMTP)
  providers:check [--instagram-url U] [--youtube-id ID]
                                                      call every video-data endpoint the live
                                                      adapter uses once, with VIDEO_PROVIDER_*
                                                      credentials; prints ok or the error and
                                                      the latency per endpoint (no database)
  openapi [--out FILE]                                print the OpenAPI document the API serves
                                                      (no database)

--email takes an e-mail address (the rule the dashboard's sign-in form applies).

Key settings (keys:create, keys:update; "none" clears one on keys:update):
  --limit-total-usd 50.00          spend limit of the key in all
  --limit-daily-usd 5.00           spend limit per UTC day
  --limit-monthly-usd 100.00       spend limit per UTC month
  --operations assist,scan         the operations the key may call ("all": every one)
  --expires-at 2026-12-31T00:00Z   when the key stops working (ISO 8601, in the future)
  --subject-limit-daily-usd 1.00   per end customer (x-subject) limit per UTC day
  --subject-limit-monthly-usd 10   per end customer limit per UTC month

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

/** The key settings flags of keys:create and keys:update. */
const KEY_SETTING_FLAGS = [
  'limit-total-usd',
  'limit-daily-usd',
  'limit-monthly-usd',
  'operations',
  'expires-at',
  'subject-limit-daily-usd',
  'subject-limit-monthly-usd',
];

/**
 * A limit flag: USD with up to six decimals (parseUsd), at least 0.000001; `none` clears it
 * (null); absent: undefined.
 */
function usdLimit(flags: Flags, name: string): number | null | undefined {
  const value = str(flags[name]);
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  const micros = parseUsd(value);
  if (micros === null || micros < 1)
    throw new UsageError(
      `--${name} must be a positive amount such as 12.50 (at least 0.000001), or none`,
    );
  return micros;
}

/** The key settings the flags give (only those present), checked as the API checks them. */
export function keySettingsFromFlags(flags: Flags): KeySettingsInput {
  const settings: KeySettingsInput = {};
  const limits = {
    totalMicros: usdLimit(flags, 'limit-total-usd'),
    dailyMicros: usdLimit(flags, 'limit-daily-usd'),
    monthlyMicros: usdLimit(flags, 'limit-monthly-usd'),
  };
  if (Object.values(limits).some((v) => v !== undefined)) settings.limits = limits;
  const subjectLimits = {
    dailyMicros: usdLimit(flags, 'subject-limit-daily-usd'),
    monthlyMicros: usdLimit(flags, 'subject-limit-monthly-usd'),
  };
  if (Object.values(subjectLimits).some((v) => v !== undefined))
    settings.subjectLimits = subjectLimits;
  const operations = str(flags.operations);
  if (operations !== undefined) {
    if (operations === 'all' || operations === 'none') settings.operations = null;
    else {
      const names = operations.split(',').map((o) => o.trim());
      const unknown = names.filter((o) => !(OPERATIONS as readonly string[]).includes(o));
      if (unknown.length || names.length === 0)
        throw new UsageError(
          `--operations must list operations among ${OPERATIONS.join(', ')} (comma-separated), or all; unknown: ${unknown.join(', ')}`,
        );
      settings.operations = names;
    }
  }
  const expiresAt = str(flags['expires-at']);
  if (expiresAt !== undefined) {
    if (expiresAt === 'none') settings.expiresAt = null;
    else {
      const at = parseIsoInstant(expiresAt);
      if (!at)
        throw new UsageError(
          `--expires-at must be an ISO 8601 date-time such as 2026-12-31T00:00:00Z, or none`,
        );
      settings.expiresAt = at;
    }
  }
  return settings;
}

/** One line describing a key's settings. */
function describeKey(key: ApiKeyView): string {
  const usd = (m: number | null) => (m === null ? 'none' : `${formatUsd(m)} USD`);
  return [
    `limits: total ${usd(key.limits.totalMicros)}, daily ${usd(key.limits.dailyMicros)}, monthly ${usd(key.limits.monthlyMicros)}`,
    `operations: ${key.operations ? key.operations.join(',') : 'all'}`,
    `expires: ${key.expiresAt ?? 'never'}`,
    `subject limits: daily ${usd(key.subjectLimits.dailyMicros)}, monthly ${usd(key.subjectLimits.monthlyMicros)}`,
  ].join('; ');
}

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
    'keys:create': {
      values: ['email', 'name', 'mode', ...KEY_SETTING_FLAGS],
      booleans: [],
      required: ['email'],
    },
    'keys:update': { values: ['id', 'name', ...KEY_SETTING_FLAGS], booleans: [], required: ['id'] },
    'keys:revoke': { values: ['key-id'], booleans: [], required: ['key-id'] },
    'credit:add': {
      values: ['email', 'usd', 'mode', 'reason'],
      booleans: [],
      required: ['email', 'usd'],
    },
    balance: { values: ['email'], booleans: [], required: ['email'] },
    'reset-link:create': { values: ['email'], booleans: [], required: ['email'] },
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
    // Key settings are checked before any database work.
    if (command === 'keys:create' || command === 'keys:update') {
      const settings = keySettingsFromFlags(flags);
      if (command === 'keys:update' && !Object.keys(settings).length && flags.name === undefined)
        throw new UsageError('keys:update needs at least one setting to change');
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
          const settings = keySettingsFromFlags(flags);
          const account = await accountByEmail(accounts, str(flags.email)!);
          const key = await app
            .get(ApiKeysService)
            .create(account.id, { ...settings, name, mode }, 'operator');
          io.out(
            `Created ${mode} key "${key.name}" (${key.id}) for ${account.email}${account.apiAccess ? '' : ' (the account has no API access yet: calls get 403)'}.`,
          );
          io.out(describeKey(key));
          io.out('Store it now: it is shown once and cannot be recovered.');
          io.out(key.key);
          return 0;
        }
        case 'keys:update': {
          const settings = keySettingsFromFlags(flags);
          const name = str(flags.name);
          if (name !== undefined) {
            if (name.length < 1 || name.length > 64)
              throw new UsageError('--name must be 1–64 characters');
            settings.name = name;
          }
          const key = await app.get(ApiKeysService).updateById(str(flags.id)!, settings);
          io.out(`Updated key "${key.name}" (${key.id}, ${key.start}, ${key.status})`);
          io.out(describeKey(key));
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
        case 'reset-link:create':
          return resetLinkCommand(app, await accountByEmail(accounts, str(flags.email)!), io);
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

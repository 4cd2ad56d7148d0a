import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { Mode } from '@reelscout/domain';
import { AccountsService } from '../../src/accounts/accounts.service';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { BillingService } from '../../src/money/billing.service';

export interface AccountFixture {
  id: string;
  email: string;
  password: string;
}

/** Unique data per test: no test depends on another's rows. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

export async function createAccount(
  app: INestApplication,
  options: { apiAccess?: boolean; isAdmin?: boolean; email?: string } = {},
): Promise<AccountFixture> {
  const email = options.email ?? uniqueEmail();
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const account = await app.get(AccountsService).create({
    email,
    password,
    apiAccess: options.apiAccess ?? true,
    isAdmin: options.isAdmin ?? false,
  });
  return { id: account.id, email, password };
}

export async function createKey(
  app: INestApplication,
  accountId: string,
  mode: Mode = 'test',
): Promise<{ id: string; key: string }> {
  const created = await app.get(ApiKeysService).create(accountId, { name: 'fixture', mode });
  return { id: created.id, key: created.key };
}

/**
 * Grants `micros` of credit to the account in `mode`, as an operator grant: the one place tests
 * put money on an account (a purchase goes through the Stripe webhook instead).
 */
export async function grant(
  app: INestApplication,
  accountId: string,
  micros: number,
  mode: Mode = 'test',
): Promise<void> {
  await app.get(BillingService).credit({ accountId, mode }, micros, { kind: 'grant' });
}

/**
 * An account with API access, `micros` of credit granted in `mode` (none when 0; default
 * 10 USD) and one key of that mode: what a test of a charged call starts from. `account` funds
 * and keys an account the test already made instead of a new one.
 */
export async function createFundedKey(
  app: INestApplication,
  options: { micros?: number; mode?: Mode; account?: AccountFixture } = {},
): Promise<{ account: AccountFixture; keyId: string; key: string }> {
  const mode = options.mode ?? 'test';
  const micros = options.micros ?? 10_000_000;
  const account = options.account ?? (await createAccount(app));
  if (micros > 0) await grant(app, account.id, micros, mode);
  const created = await createKey(app, account.id, mode);
  return { account, keyId: created.id, key: created.key };
}

/** The account's balance, hold and available credit in `mode`, read from the ledger. */
export function balanceOf(app: INestApplication, accountId: string, mode: Mode = 'test') {
  return app.get(BillingService).balance({ accountId, mode });
}

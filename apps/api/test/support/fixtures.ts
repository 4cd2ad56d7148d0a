import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { Mode } from '@reelscout/domain';
import { AccountsService } from '../../src/accounts/accounts.service';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';

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

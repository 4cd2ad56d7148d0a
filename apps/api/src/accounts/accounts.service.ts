import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Account } from '@reelscout/database';
import { DomainError, type AccountView } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountRepository } from '../repositories/account.repository';
import { PasswordHasher } from './password.hasher';

export interface NewAccount {
  email: string;
  password: string;
  apiAccess: boolean;
  isAdmin: boolean;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toAccountView(account: Account): AccountView {
  return {
    id: account.id,
    email: account.email,
    apiAccess: account.apiAccess,
    isAdmin: account.isAdmin,
    createdAt: account.createdAt.toISOString(),
  };
}

@Injectable()
export class AccountsService {
  constructor(
    /** The default for `manager` (no statements here: they are the repository's). */
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** `manager`: the caller's transaction, when the account is made inside one. */
  async create(
    input: NewAccount,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Account> {
    const email = normaliseEmail(input.email);
    const passwordHash = await this.hasher.hash(input.password);
    const id = await this.accounts.create(
      { email, passwordHash, apiAccess: input.apiAccess, isAdmin: input.isAdmin },
      manager,
    );
    if (id === null) {
      throw new DomainError('invalid_request', 'An account with this e-mail already exists.', {
        param: 'email',
      });
    }
    return this.accounts.getByIdOrFail(id, manager);
  }

  /** The account's default per-subject limits; `manager` with `forUpdate` locks the row. */
  async subjectLimits(
    accountId: string,
    manager: EntityManager = this.dataSource.manager,
    options: { forUpdate?: boolean } = {},
  ): Promise<{ dailyMicros: number | null; monthlyMicros: number | null }> {
    const limits = await this.accounts.getSubjectLimits(accountId, manager, options);
    if (!limits) throw new DomainError('not_found', 'No such account.');
    return limits;
  }

  /** Undefined fields stay as they are; null clears one. */
  setSubjectLimits(
    accountId: string,
    limits: { dailyMicros?: number | null; monthlyMicros?: number | null },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    return this.accounts.setSubjectLimits(accountId, limits, manager);
  }

  findById(id: string): Promise<Account | null> {
    return this.accounts.getById(id);
  }

  /** The account, which must exist (inside the caller's transaction, when given). */
  getById(id: string, manager?: EntityManager): Promise<Account> {
    return this.accounts.getByIdOrFail(id, manager);
  }

  findByEmail(email: string): Promise<Account | null> {
    return this.accounts.getByEmail(normaliseEmail(email));
  }

  /** The account with its password hash, for sign-in only. */
  findCredentials(email: string): Promise<Account | null> {
    return this.accounts.getCredentialsByEmail(normaliseEmail(email));
  }

  async setPassword(accountId: string, password: string, manager: EntityManager): Promise<void> {
    await this.accounts.setPasswordHash(accountId, await this.hasher.hash(password), manager);
  }

  /** Grants or revokes API access; keys made before a revocation stop working too (403). */
  async setApiAccess(email: string, apiAccess: boolean): Promise<Account> {
    const account = await this.findByEmail(email);
    if (!account)
      throw new DomainError('not_found', `No account with e-mail ${normaliseEmail(email)}.`);
    await this.accounts.setApiAccess(account.id, apiAccess);
    return { ...account, apiAccess };
  }

  list(): Promise<Account[]> {
    return this.accounts.getAll();
  }

  count(): Promise<number> {
    return this.accounts.count();
  }
}

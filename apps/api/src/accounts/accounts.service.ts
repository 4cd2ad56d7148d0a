import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account } from '@reelscout/database';
import { DomainError } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { PasswordHasher } from './password.hasher';

export interface NewAccount {
  email: string;
  password: string;
  apiAccess: boolean;
  isAdmin: boolean;
}

/** What the dashboard back end shows about an account (never the password hash). */
export interface AccountView {
  id: string;
  email: string;
  apiAccess: boolean;
  isAdmin: boolean;
  createdAt: string;
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
  ) {}

  async create(
    input: NewAccount,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Account> {
    const email = normaliseEmail(input.email);
    const passwordHash = await this.hasher.hash(input.password);
    const rows: Account[] = await manager.query(
      `INSERT INTO accounts (email, password_hash, api_access, is_admin)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING
       RETURNING id`,
      [email, passwordHash, input.apiAccess, input.isAdmin],
    );
    if (rows.length === 0) {
      throw new DomainError('invalid_request', 'An account with this e-mail already exists.', {
        param: 'email',
      });
    }
    return manager.findOneByOrFail(Account, { id: rows[0].id });
  }

  findById(id: string): Promise<Account | null> {
    return this.dataSource.manager.findOneBy(Account, { id });
  }

  findByEmail(email: string): Promise<Account | null> {
    return this.dataSource.manager.findOneBy(Account, { email: normaliseEmail(email) });
  }

  /** The account with its password hash, for sign-in only. */
  findCredentials(email: string): Promise<Account | null> {
    return this.dataSource.manager
      .createQueryBuilder(Account, 'a')
      .addSelect('a.passwordHash')
      .where('a.email = :email', { email: normaliseEmail(email) })
      .getOne();
  }

  async setPassword(accountId: string, password: string, manager: EntityManager): Promise<void> {
    await manager.update(
      Account,
      { id: accountId },
      { passwordHash: await this.hasher.hash(password) },
    );
  }

  /** Grants or revokes API access; keys made before a revocation stop working too (403). */
  async setApiAccess(email: string, apiAccess: boolean): Promise<Account> {
    const account = await this.findByEmail(email);
    if (!account)
      throw new DomainError('not_found', `No account with e-mail ${normaliseEmail(email)}.`);
    await this.dataSource.manager.update(Account, { id: account.id }, { apiAccess });
    return { ...account, apiAccess };
  }

  list(): Promise<Account[]> {
    return this.dataSource.manager.find(Account, { order: { createdAt: 'ASC' } });
  }

  async count(): Promise<number> {
    return this.dataSource.manager.count(Account);
  }
}

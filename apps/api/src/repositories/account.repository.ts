import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account } from '@reelscout/database';
import { DataSource, type EntityManager } from 'typeorm';

export interface NewAccountRow {
  /** Already normalised. */
  email: string;
  passwordHash: string;
  apiAccess: boolean;
  isAdmin: boolean;
}

/** `accounts`. Owned by AccountsModule; other modules go through AccountsService. */
@Injectable()
export class AccountRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The new account's id, or null when the e-mail is taken. */
  async create(
    input: NewAccountRow,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO accounts (email, password_hash, api_access, is_admin)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING
       RETURNING id`,
      [input.email, input.passwordHash, input.apiAccess, input.isAdmin],
    );
    return rows[0]?.id ?? null;
  }

  getById(id: string, manager: EntityManager = this.dataSource.manager): Promise<Account | null> {
    return manager.findOneBy(Account, { id });
  }

  /** Throws (TypeORM's EntityNotFoundError) when there is none. */
  getByIdOrFail(id: string, manager: EntityManager = this.dataSource.manager): Promise<Account> {
    return manager.findOneByOrFail(Account, { id });
  }

  /** `email` already normalised. */
  getByEmail(email: string): Promise<Account | null> {
    return this.dataSource.manager.findOneBy(Account, { email });
  }

  /** The account with its password hash, for sign-in only. `email` already normalised. */
  getCredentialsByEmail(email: string): Promise<Account | null> {
    return this.dataSource.manager
      .createQueryBuilder(Account, 'a')
      .addSelect('a.passwordHash')
      .where('a.email = :email', { email })
      .getOne();
  }

  async setPasswordHash(
    accountId: string,
    passwordHash: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.update(Account, { id: accountId }, { passwordHash });
  }

  async setApiAccess(accountId: string, apiAccess: boolean): Promise<void> {
    await this.dataSource.manager.update(Account, { id: accountId }, { apiAccess });
  }

  /** Every account, oldest first (operators only). */
  getAll(): Promise<Account[]> {
    return this.dataSource.manager.find(Account, { order: { createdAt: 'ASC' } });
  }

  async count(): Promise<number> {
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM accounts`,
    );
    return count;
  }
}

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

  /**
   * The account's default per-subject spend limits (micro-USD; null: none). With a `manager`
   * inside a transaction the row stays locked until it ends (a change and its audit entry):
   * FOR NO KEY UPDATE, which does not block the KEY SHARE locks of rows inserted referencing the
   * account (holds, jobs, ledger entries: the money path).
   */
  async getSubjectLimits(
    accountId: string,
    manager: EntityManager = this.dataSource.manager,
    options: { forUpdate?: boolean } = {},
  ): Promise<{ dailyMicros: number | null; monthlyMicros: number | null } | null> {
    const rows: { daily: string | null; monthly: string | null }[] = await manager.query(
      `SELECT subject_limit_daily_micros AS daily, subject_limit_monthly_micros AS monthly
         FROM accounts WHERE id = $1${options.forUpdate ? ' FOR NO KEY UPDATE' : ''}`,
      [accountId],
    );
    const row = rows[0];
    if (!row) return null;
    const num = (v: string | null) => (v === null ? null : Number(v));
    return { dailyMicros: num(row.daily), monthlyMicros: num(row.monthly) };
  }

  async setSubjectLimits(
    accountId: string,
    limits: { dailyMicros?: number | null; monthlyMicros?: number | null },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE accounts
          SET subject_limit_daily_micros = CASE WHEN $2 THEN $3::bigint ELSE subject_limit_daily_micros END,
              subject_limit_monthly_micros = CASE WHEN $4 THEN $5::bigint ELSE subject_limit_monthly_micros END,
              updated_at = now()
        WHERE id = $1`,
      [
        accountId,
        limits.dailyMicros !== undefined,
        limits.dailyMicros ?? null,
        limits.monthlyMicros !== undefined,
        limits.monthlyMicros ?? null,
      ],
    );
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

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MIGRATIONS } from '@reelscout/database';
import { DataSource } from 'typeorm';

/**
 * The database itself, no table of ours: the `/health` probe (HealthModule) and the check for
 * pending migrations (the CLI; `migrations` is TypeORM's bookkeeping, written by
 * libs/database's runMigrations).
 */
@Injectable()
export class DatabaseRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One round trip; throws when the database does not answer. */
  async ping(): Promise<void> {
    await this.dataSource.query('select 1');
  }

  /** Names of this code's migrations that the database has not applied (none changes it). */
  async getPendingMigrations(): Promise<string[]> {
    const expected = MIGRATIONS.map((Migration) => new Migration().name ?? Migration.name);
    const [{ table }]: { table: string | null }[] = await this.dataSource.query(
      `SELECT to_regclass('migrations')::text AS table`,
    );
    if (!table) return expected;
    const rows: { name: string }[] = await this.dataSource.query(`SELECT name FROM migrations`);
    const applied = new Set(rows.map((row) => row.name));
    return expected.filter((name) => !applied.has(name));
  }
}

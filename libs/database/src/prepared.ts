import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/** A statement sent by name: Postgres parses and plans it once per connection, not per call. */
export interface PreparedStatement {
  /** Unique per text. */
  name: string;
  text: string;
}

/** The `pg` pool under a TypeORM data source (one pool: TypeORM's own). */
export function pgPoolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/**
 * Runs a hot-path statement as a named prepared statement on TypeORM's pool, skipping TypeORM's
 * query runner. For single statements outside a transaction (each is atomic on its own); a
 * PgBouncer in front of Postgres must then run in session mode, or in transaction mode with
 * `max_prepared_statements` set (PgBouncer ≥ 1.21).
 */
export async function runPrepared<Row>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const result = await pgPoolOf(dataSource).query({ ...statement, values });
  return result.rows as Row[];
}

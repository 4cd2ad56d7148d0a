import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { MIGRATIONS } from '@reelscout/database';
import type { QueryRunner } from 'typeorm';

/** A database of its own for a test (see createTestDatabase), dropped with `drop`. */
export interface TestDatabase {
  url: string;
  name: string;
  /**
   * A pg connection of its own to this database, for SQL a test reads or arranges with (or a
   * second session: a lock held, a concurrent reader). `drop` ends every one still open, so a
   * test need not; `end()` earlier is fine.
   */
  connect(): Promise<Client>;
  drop(): Promise<void>;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run e2e tests through jest.e2e.config.js`);
  return value;
}

/**
 * A database of its own, cloned from the run's migrated template; with `empty`, a database with
 * no schema at all (no migration run), for tests of the migrations themselves.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = required('TEST_ADMIN_DATABASE_URL');
  const template = required('TEST_TEMPLATE_DATABASE');
  const name = `${template}_${options.empty ? 'e' : 'f'}${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Concurrent clones of one template can collide briefly; retry a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name}${options.empty ? '' : ` template ${template}`}`);
        break;
      } catch (error) {
        const busy = /being accessed by other users/.test((error as Error).message);
        if (!busy || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const open = new Set<Client>();
  return {
    url: url.toString(),
    name,
    connect: async () => {
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      open.add(client);
      client.once('end', () => open.delete(client));
      return client;
    },
    drop: async () => {
      // Ended before the drop: a connection `with (force)` cut off would emit an error event.
      await Promise.all([...open].map((client) => client.end().catch(() => undefined)));
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Runs one migration's `up` or `down` on `client` in a transaction of its own, as the migration
 * runner does (`migrationsTransactionMode: 'each'`): the migrations use only `query`.
 */
export async function runMigrationStep(
  client: Client,
  migration: (typeof MIGRATIONS)[number],
  step: 'up' | 'down',
): Promise<void> {
  const runner = {
    query: (sql: string, values?: unknown[]) => client.query(sql, values),
  } as unknown as QueryRunner;
  await client.query('BEGIN');
  try {
    await new migration()[step](runner);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

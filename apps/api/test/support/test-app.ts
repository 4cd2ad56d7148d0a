import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The session-signing secret every test app gets unless a test passes its own. Tests that start
 * built API processes beside an app pass it too, so a session from one is valid on the other.
 */
export const TEST_AUTH_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e';

export interface TestApp {
  app: NestExpressApplication;
  db: TestDatabase;
  /** A pg connection to the app's database for the test's own SQL; `close` ends it. */
  sql: Client;
  close(): Promise<void>;
}

type Importable = Type<unknown> | DynamicModule | ForwardReference;

/**
 * The real application, through the same `createApp`/`configureApp` as main.ts, on a database of
 * its own, signing sessions with TEST_AUTH_SECRET. A test passes only what differs: `env` over
 * those defaults, `worker` to run the jobs worker or not (JOBS_WORKER; unset keeps the default,
 * on), `extraImports` for test-only modules (routes a later issue replaces).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Whether this process runs background work (JOBS_WORKER); unset keeps the default, on. */
    worker?: boolean;
    extraImports?: Importable[];
    /** A database another app also uses (several instances on one database); not dropped. */
    db?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const shared = options.db !== undefined;
  const db = options.db ?? (await createTestDatabase());
  // Test files share a worker process: restore the environment when this app closes.
  const saved = { ...process.env };
  process.env.DATABASE_URL = db.url;
  process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
  process.env.NODE_ENV = 'test';
  // Each test app keeps its rate-limit counters to itself: with a shared Redis, per-IP
  // counters (127.0.0.1) would add up across every test file running at once. Shared
  // counters are proven by scale-out.e2e-spec.ts, and a test can still pass REDIS_URL.
  process.env.REDIS_URL = '';
  process.env.AUTH_SECRET = TEST_AUTH_SECRET;
  if (options.worker !== undefined) process.env.JOBS_WORKER = String(options.worker);
  Object.assign(process.env, options.env ?? {});

  const { Module } = await import('@nestjs/common');
  const { AppModule } = await import('../../src/app.module');
  const { createApp } = await import('../../src/bootstrap');

  @Module({ imports: [AppModule.register(), ...(options.extraImports ?? [])] })
  class TestRootModule {}

  const app = await createApp(TestRootModule);
  await app.init();
  const sql = await db.connect();
  let sqlOpen = true;
  sql.once('end', () => (sqlOpen = false));
  return {
    app,
    db,
    sql,
    close: async () => {
      if (sqlOpen) await sql.end();
      await app.close();
      if (!shared) await db.drop();
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    },
  };
}

import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  db: TestDatabase;
  close(): Promise<void>;
}

type Importable = Type<unknown> | DynamicModule | ForwardReference;

/**
 * The real application, through the same `createApp`/`configureApp` as main.ts, on a database of
 * its own. `extraImports` registers test-only modules (routes a later issue replaces).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
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
  Object.assign(process.env, options.env ?? {});

  const { Module } = await import('@nestjs/common');
  const { AppModule } = await import('../../src/app.module');
  const { createApp } = await import('../../src/bootstrap');

  @Module({ imports: [AppModule.register(), ...(options.extraImports ?? [])] })
  class TestRootModule {}

  const app = await createApp(TestRootModule);
  await app.init();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      if (!shared) await db.drop();
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    },
  };
}

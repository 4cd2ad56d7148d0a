/**
 * Once per e2e run: a Postgres server (DATABASE_URL's when set, else a fresh embedded one in a
 * temp dir), and a template database migrated through our real migrations. Each test file
 * clones the template (see support/test-database.ts); nothing is ever truncated.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
// Relative import: Jest's moduleNameMapper does not apply to global setup.
import { runMigrations } from '../../../../libs/database/src/migrate';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmbeddedPostgres } = require('../../../../scripts/lib/embedded-postgres');

interface RunState {
  adminUrl: string;
  template: string;
  stopServer?: () => Promise<void>;
  tempDir?: string;
  /** Where the server's data went when its user could not reach tempDir (postgres-access.js). */
  relocatedDataDir?: string;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * The suites that start the built API as processes (scale-out, jobs-crash) share one build, made
 * here before any of them runs: two of them building `.build/test` at once could start a bundle while
 * the other was still writing it. Their own build step then finds it up to date.
 */
function buildApi(): void {
  // The tests' own build (.build/test): never the one `npm start` runs. Set here, it reaches
  // every test process, and the scripts they spawn (sdk.js, mcp.js) build and read the same.
  process.env.REELSCOUT_BUILD = 'test';
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), '--api'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`API build failed:\n${build.stdout}\n${build.stderr}`);
}

export default async function globalSetup(): Promise<void> {
  buildApi();
  const state: Partial<RunState> = {};
  if (process.env.DATABASE_URL) {
    state.adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-test-pg-'));
    fs.chmodSync(tempDir, 0o755);
    const pg = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'data'),
      durable: false,
      database: 'postgres',
    });
    state.adminUrl = `${pg.baseUrl}/postgres`;
    state.stopServer = pg.stop;
    state.tempDir = tempDir;
    if (pg.relocated) state.relocatedDataDir = pg.dataDir;
  }

  state.template = `reelscout_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: state.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${state.template}`);
  } finally {
    await admin.end();
  }
  await runMigrations(withDatabase(state.adminUrl!, state.template));

  process.env.TEST_ADMIN_DATABASE_URL = state.adminUrl;
  process.env.TEST_TEMPLATE_DATABASE = state.template;
  (globalThis as { __reelscoutRun?: RunState }).__reelscoutRun = state as RunState;
}

import fs from 'node:fs';
import { Client } from 'pg';

interface RunState {
  adminUrl: string;
  template: string;
  stopServer?: () => Promise<void>;
  tempDir?: string;
  relocatedDataDir?: string;
}

/** Drops the template and every database cloned from it; stops the embedded server if we started one. */
export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as { __reelscoutRun?: RunState }).__reelscoutRun;
  if (!state) return;
  if (state.stopServer) {
    await state.stopServer();
    if (state.tempDir) fs.rmSync(state.tempDir, { recursive: true, force: true });
    if (state.relocatedDataDir) fs.rmSync(state.relocatedDataDir, { recursive: true, force: true });
    return;
  }
  const admin = new Client({ connectionString: state.adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [state.template, `${state.template}_f%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(datname)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

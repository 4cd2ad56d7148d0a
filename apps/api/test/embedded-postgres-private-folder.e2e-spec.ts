/**
 * The embedded Postgres started from a checkout inside a folder only its owner may enter (mode
 * 0700, as `mktemp -d` makes it). As root the server runs as the `postgres` user, which cannot
 * pass through that folder: the start places the binaries and the data in a state folder that user
 * can reach and keeps the data there between starts, or, when the state folder is out of its reach
 * too, stops with one line naming the folder and the two ways out. Runs a copy of scripts/lib in
 * the private folder, with node_modules linked in (reached through the private folder, as in a real
 * clone there).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const AS_ROOT = typeof process.getuid === 'function' && process.getuid() === 0;

interface Started {
  url: string;
  dataDir: string;
  relocated: boolean;
  stop(): Promise<void>;
}
type Start = (options: { dataDir: string; stateDir?: string }) => Promise<Started>;

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('embedded Postgres from a checkout in a private folder (e2e)', () => {
  let privateDir: string;
  let stateParent: string;
  let checkout: string;
  let start: Start;

  beforeEach(() => {
    privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-private-'));
    stateParent = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-state-'));
    fs.chmodSync(stateParent, 0o755);
    checkout = path.join(privateDir, 'checkout');
    const lib = path.join(checkout, 'scripts', 'lib');
    fs.mkdirSync(lib, { recursive: true });
    for (const file of ['embedded-postgres.js', 'postgres-access.js']) {
      fs.copyFileSync(path.join(ROOT, 'scripts', 'lib', file), path.join(lib, file));
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(checkout, 'node_modules'));
    const required = createRequire(__filename)(path.join(lib, 'embedded-postgres.js')) as {
      startEmbeddedPostgres: Start;
    };
    start = required.startEmbeddedPostgres;
  });

  afterEach(() => {
    fs.rmSync(privateDir, { recursive: true, force: true });
    fs.rmSync(stateParent, { recursive: true, force: true });
  });

  it('the private folder is one its owner alone may enter', () => {
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
  });

  it('starts, and keeps its data between starts', async () => {
    const dataDir = path.join(checkout, '.data', 'postgres');
    const stateDir = path.join(stateParent, 'state');

    const first = await start({ dataDir, stateDir });
    try {
      await query(first.url, 'create table kept (n int); insert into kept values (42)');
    } finally {
      await first.stop();
    }
    const second = await start({ dataDir, stateDir });
    try {
      expect(await query<{ n: number }>(second.url, 'select n from kept')).toEqual([{ n: 42 }]);
      expect(second.dataDir).toBe(first.dataDir);
    } finally {
      await second.stop();
    }

    if (AS_ROOT) {
      // The postgres user cannot enter the checkout: binaries and data live in the state folder.
      expect(first.relocated).toBe(true);
      expect(first.dataDir.startsWith(`${stateDir}${path.sep}`)).toBe(true);
      expect(fs.readFileSync(`${dataDir}.location`, 'utf8')).toContain(first.dataDir);
      expect(fs.readdirSync(path.join(stateDir, 'embedded-postgres'))).toHaveLength(1);
    } else {
      // Its owner runs the server itself: everything stays where it was asked to be.
      expect(first.relocated).toBe(false);
      expect(first.dataDir).toBe(dataDir);
    }
  });

  it('moves a cluster already in the checkout to the state folder once, losing nothing', async () => {
    const dataDir = path.join(checkout, '.data', 'postgres');
    // The cluster made while the checkout's folder was open to others.
    fs.chmodSync(privateDir, 0o755);
    const open = await start({ dataDir, stateDir: path.join(stateParent, 'unused') });
    try {
      expect(open.relocated).toBe(false);
      await query(open.url, 'create table kept (n int); insert into kept values (7)');
    } finally {
      await open.stop();
    }
    fs.chmodSync(privateDir, 0o700);

    const closed = await start({ dataDir, stateDir: path.join(stateParent, 'state') });
    try {
      expect(await query<{ n: number }>(closed.url, 'select n from kept')).toEqual([{ n: 7 }]);
      expect(closed.relocated).toBe(AS_ROOT);
    } finally {
      await closed.stop();
    }
  });

  it('with no state folder the postgres user can reach, says so in one line and starts nothing', async () => {
    const dataDir = path.join(checkout, '.data', 'postgres');
    const attempt = start({ dataDir, stateDir: path.join(privateDir, 'state') });
    if (AS_ROOT) {
      const error = (await attempt.then(
        () => undefined,
        (caught: Error) => caught,
      )) as Error;
      expect(error).toBeInstanceOf(Error);
      expect(error.message.split('\n')).toHaveLength(1);
      expect(error.message).toContain(`cannot enter ${privateDir} (mode 0700)`);
      expect(error.message).toContain('Move the checkout');
      expect(error.message).toContain('set DATABASE_URL');
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
    } else {
      const started = await attempt;
      await started.stop();
      expect(started.relocated).toBe(false);
    }
  });
});

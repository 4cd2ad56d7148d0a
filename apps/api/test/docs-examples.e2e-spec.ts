import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cliTestKey } from './support/cli-account';
import { startBuiltApis, stopBuiltApis, type BuiltApi } from './support/built-api';
import { examplesIn, jsonMismatch, textMismatch, type DocExample } from './support/doc-examples';
import { createTestDatabase, type TestDatabase } from './support/test-database';

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** The address the docs use: the one `npm start` serves. */
const DOCS_BASE_URL = 'http://localhost:4000';

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', ...docs.sort()];
}

const parsed = markdownFiles().map((file) =>
  examplesIn(file, readFileSync(path.join(ROOT, file), 'utf8')),
);
const examples: DocExample[] = parsed.flatMap((p) => p.examples);

function bash(
  command: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `set -euo pipefail\n${command}`], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

describe('the examples of the README and docs/ (e2e)', () => {
  it('every output shown after a command is checked by this suite', () => {
    expect(parsed.flatMap((p) => p.problems)).toEqual([]);
    // The README's quickstart is made of runnable examples: this suite is not vacuous.
    expect(examples.filter((e) => e.file === 'README.md').length).toBeGreaterThanOrEqual(4);
  });

  it('the matcher: `…` is any text, an object with "…" may have more keys, anything else exact', () => {
    expect(jsonMismatch({ id: 'job_…', n: 2 }, { id: 'job_abc', n: 2 })).toBeNull();
    expect(jsonMismatch({ id: 'job_…' }, { id: 'req_abc' })).toMatch(/\$\.id/);
    expect(jsonMismatch({ n: 2 }, { n: 2, extra: 1 })).toMatch(/unexpected keys extra/);
    expect(jsonMismatch({ n: 2, '…': '…' }, { n: 2, extra: 1 })).toBeNull();
    expect(jsonMismatch([1, 2], [1])).toMatch(/array of 2/);
    expect(textMismatch('took … s\nok', 'took 1.5 s\nok')).toBeNull();
    expect(textMismatch('ok', 'not ok')).toMatch(/line 1/);
  });

  describe('run against the API as `npm start` runs it, with a test key', () => {
    let db: TestDatabase;
    let api: BuiltApi | undefined;
    const env: Record<string, string> = {};

    beforeAll(async () => {
      db = await createTestDatabase();
      const saved = process.env.DATABASE_URL;
      process.env.DATABASE_URL = db.url;
      try {
        [api] = await startBuiltApis(1, {
          DATABASE_URL: db.url,
          REDIS_URL: '',
        });
        env.REELSCOUT_API_KEY = await cliTestKey('docs');
        expect(env.REELSCOUT_API_KEY).toMatch(/^rs_test_/);
        env.REELSCOUT_BASE_URL = api.url;
      } finally {
        process.env.DATABASE_URL = saved;
      }
    }, 240_000);

    afterAll(async () => {
      if (api) await stopBuiltApis([api]);
      await db?.drop();
    });

    it.each(examples.map((e) => [`${e.file}:${e.line}`, e] as const))('%s', async (_, example) => {
      const command = example.command.split(DOCS_BASE_URL).join(api!.url);
      const run = await bash(command, env);
      if (run.status !== 0)
        throw new Error(`exit ${run.status}\n${run.stderr}\n${run.stdout}`.slice(0, 4_000));
      if (!example.expected) return;
      const mismatch =
        example.expected.lang === 'json'
          ? jsonMismatch(JSON.parse(example.expected.text), JSON.parse(run.stdout))
          : textMismatch(example.expected.text, run.stdout);
      if (mismatch) throw new Error(`${mismatch}\n--- the command printed:\n${run.stdout}`);
    });
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The SDK's committed types (libs/sdk/src/generated/openapi.ts) are exactly what the document
 * the API serves at /openapi.json generates, with the generation `npm run generate` runs
 * (`scripts/generate.js --check`, in a child process: openapi-typescript and prettier load ES
 * modules, which Jest's module system does not). When this fails: `npm run generate`.
 */
describe('SDK types match the served OpenAPI document', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(os.tmpdir(), 'reelscout-sdk-types-'));
  });

  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('libs/sdk/src/generated/openapi.ts is up to date (else run npm run generate)', async () => {
    const res = await request(t.app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200);
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(res.body));
    const check = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts', 'generate.js'), '--check', '--from', file, '--only', 'sdk-types'],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect({ status: check.status, stderr: check.stderr.trim() }).toEqual({
      status: 0,
      stderr: '[generate] libs/sdk/src/generated/openapi.ts is up to date',
    });
  });
});

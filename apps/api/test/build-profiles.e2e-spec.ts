/**
 * The two build profiles (scripts/lib/build-paths.js): `npm start`'s and the tests'. Each is
 * written to its own folder, and a profile with no current build adopts the other's build of the
 * same sources (same fingerprint) by copy instead of building again: `npm start` after `npm test`
 * on a fresh clone starts without a build. Runs a copy of scripts/ in a temporary root, with
 * stand-in build outputs (nothing is compiled).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Builder {
  build(
    name: 'api' | 'web',
    options: { profile: 'start' | 'test'; log: (line: string) => void; quiet?: boolean },
  ): void;
  currentFingerprint(name: 'api' | 'web', profile: 'start' | 'test'): string;
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

describe('build profiles (e2e)', () => {
  let root: string;
  let builder: Builder;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-build-'));
    fs.cpSync(path.join(ROOT, 'scripts'), path.join(root, 'scripts'), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
    write(path.join(root, 'apps', 'web', 'app', 'page.tsx'), 'export default function Page() {}\n');
    builder = createRequire(__filename)(path.join(root, 'scripts', 'build.js')) as Builder;
    lines.length = 0;
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('npm start adopts the tests’ API and dashboard builds of the same sources', () => {
    const testApi = path.join(root, '.build', 'test', 'apps', 'api');
    write(path.join(testApi, 'main.js'), 'console.log("api");\n');
    write(path.join(testApi, 'providers', 'sandbox', 'fixtures', 'posts.json'), '[]');
    write(path.join(testApi, '.build-fingerprint'), builder.currentFingerprint('api', 'test'));
    const testWeb = path.join(root, 'apps', 'web', '.next-test');
    write(path.join(testWeb, 'BUILD_ID'), 'abc123');
    write(path.join(testWeb, 'server', 'app', 'page.js'), 'module.exports = 1;\n');
    write(path.join(testWeb, 'cache', 'webpack', 'pack.gz'), 'x'.repeat(1000));
    write(path.join(testWeb, '.build-fingerprint'), builder.currentFingerprint('web', 'test'));
    // An older start build of other sources: replaced whole, nothing of it left.
    const startWeb = path.join(root, 'apps', 'web', '.next');
    write(path.join(startWeb, 'BUILD_ID'), 'old');
    write(path.join(startWeb, 'server', 'app', 'gone.js'), 'old\n');
    write(path.join(startWeb, '.build-fingerprint'), 'an older fingerprint');

    builder.build('api', { profile: 'start', log });
    builder.build('web', { profile: 'start', log });

    expect(lines).toEqual([
      'api: up to date (the test build of the same sources)',
      'web: up to date (the test build of the same sources)',
    ]);
    const startApi = path.join(root, 'dist', 'apps', 'api');
    expect(fs.readFileSync(path.join(startApi, 'main.js'), 'utf8')).toBe('console.log("api");\n');
    expect(
      fs.existsSync(path.join(startApi, 'providers', 'sandbox', 'fixtures', 'posts.json')),
    ).toBe(true);
    expect(fs.readFileSync(path.join(startWeb, 'BUILD_ID'), 'utf8')).toBe('abc123');
    expect(fs.existsSync(path.join(startWeb, 'server', 'app', 'page.js'))).toBe(true);
    expect(fs.existsSync(path.join(startWeb, 'server', 'app', 'gone.js'))).toBe(false);
    // Next's build cache is not copied; no partial folder is left behind.
    expect(fs.existsSync(path.join(startWeb, 'cache'))).toBe(false);
    expect(fs.readdirSync(path.join(root, 'apps', 'web')).sort()).toEqual([
      '.next',
      '.next-test',
      'app',
    ]);
    // The tests' own builds are untouched, and the next start finds its own build current.
    expect(fs.existsSync(path.join(testWeb, 'cache', 'webpack', 'pack.gz'))).toBe(true);
    lines.length = 0;
    builder.build('web', { profile: 'start', log });
    expect(lines).toEqual(['web: up to date']);
  });

  it('does not adopt a build of other sources: the profile builds its own', () => {
    const testApi = path.join(root, '.build', 'test', 'apps', 'api');
    write(path.join(testApi, 'main.js'), 'console.log("stale");\n');
    write(path.join(testApi, '.build-fingerprint'), builder.currentFingerprint('api', 'test'));
    // The sources change after the tests' build.
    write(path.join(root, 'libs', 'domain', 'src', 'index.ts'), 'export const changed = 1;\n');

    // This root cannot build the API (no nest-cli.json): the attempt shows it was not adopted.
    // (A failed quiet build prints the tool's output: kept out of the test's.)
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => builder.build('api', { profile: 'start', log, quiet: true })).toThrow(
        /nest build api` failed/,
      );
    } finally {
      stderr.mockRestore();
    }
    expect(lines).toEqual(['api: building…']);
    expect(fs.existsSync(path.join(root, 'dist', 'apps', 'api', 'main.js'))).toBe(false);
  });
});

'use strict';
/**
 * Builds what is out of date: the API bundles (dist/apps/api) and the dashboard (apps/web/.next),
 * or with --test (or REELSCOUT_BUILD=test) the tests' own builds (.build/test/apps/api,
 * apps/web/.next-test; see scripts/lib/build-paths.js). A fingerprint of the inputs is kept
 * beside each output, so an unchanged tree builds nothing.
 * Usage: node scripts/build.js [--api] [--web] [--force] [--start|--test]
 */
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./lib/env');
const { PROFILES, currentProfile, buildRoot, apiDir, webDistDir } = require('./lib/build-paths');

const SANDBOX_FIXTURES = 'apps/api/src/providers/sandbox/fixtures';

/** What each target builds from and where it goes, for one profile (scripts/lib/build-paths.js). */
function targets(profile) {
  const api = apiDir(profile);
  const webDist = webDistDir(profile);
  return {
    api: {
      inputs: [
        'apps/api/src',
        'libs',
        'package-lock.json',
        'nest-cli.json',
        'scripts/webpack.api.js',
        'tsconfig.json',
        'tsconfig.build.json',
        'apps/api/tsconfig.app.json',
      ],
      stamp: path.join(api, '.build-fingerprint'),
      output: api,
      env: [],
      commandEnv: { REELSCOUT_BUILD_ROOT: buildRoot(profile) },
      commands: [
        ['nest', 'build', 'api'],
        ['nest', 'build', 'cli'],
      ],
      after: () => {
        // `worker.js`: the API bundle started as a worker alone (no second bundle).
        fs.writeFileSync(
          path.join(api, 'worker.js'),
          "'use strict';\nprocess.argv.push('--worker');\nrequire('./main.js');\n",
        );
        // The sandbox's data files, read at run time beside the bundle (sandbox-fixtures.ts).
        const fixtures = path.join(api, 'providers', 'sandbox', 'fixtures');
        fs.rmSync(fixtures, { recursive: true, force: true });
        fs.mkdirSync(fixtures, { recursive: true });
        for (const name of fs.readdirSync(path.join(ROOT, SANDBOX_FIXTURES))) {
          if (name.endsWith('.json'))
            fs.copyFileSync(path.join(ROOT, SANDBOX_FIXTURES, name), path.join(fixtures, name));
        }
      },
    },
    web: {
      inputs: ['apps/web', 'libs/domain/src', 'package-lock.json'],
      stamp: path.join(ROOT, 'apps', 'web', webDist, '.build-fingerprint'),
      output: path.join(ROOT, 'apps', 'web', webDist),
      // Next's build cache (webpack's, hundreds of MB) is not part of what `next start` serves.
      notCopied: ['cache'],
      // The API's address is read at run time (apps/web/lib/api-origin.ts): no build input.
      env: [],
      commandEnv: { NEXT_DIST_DIR: webDist },
      commands: [['next', 'build', 'apps/web']],
      // `next build` points next-env.d.ts at its distDir's route types; the committed file
      // names the default one, so a test build leaves the tree as it found it.
      keep: ['apps/web/next-env.d.ts'],
    },
  };
}

const SKIP = new Set(['node_modules', '.next', '.next-test', 'dist', '.build', '.data']);

function walk(target, files) {
  const full = path.join(ROOT, target);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isFile()) {
    files.push(target);
    return;
  }
  for (const entry of fs.readdirSync(full)) {
    if (SKIP.has(entry) || entry.endsWith('.spec.ts')) continue;
    walk(path.join(target, entry), files);
  }
}

function fingerprint(target) {
  const hash = crypto.createHash('sha256');
  const files = [];
  for (const input of target.inputs) walk(input, files);
  for (const file of files.sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(ROOT, file)));
  }
  for (const name of target.env) hash.update(`${name}=${process.env[name] ?? ''}`);
  return hash.digest('hex');
}

/**
 * `quiet`: the tools' own output is kept back and shown only when a step fails (npm start's
 * default); otherwise it streams as the tools print it.
 */
function build(
  name,
  { force = false, log = console.log, quiet = false, profile = currentProfile() } = {},
) {
  const target = targets(profile)[name];
  const stampFile = target.stamp;
  const print = fingerprint(target);
  if (!force && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === print) {
    log(`${name}: up to date`);
    return;
  }
  if (!force) {
    const from = adopt(name, target, profile, print);
    if (from) {
      log(`${name}: up to date (the ${from} build of the same sources)`);
      return;
    }
  }
  log(`${name}: building…`);
  const started = Date.now();
  const kept = (target.keep ?? []).map((file) => {
    const full = path.join(ROOT, file);
    return { full, text: fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null };
  });
  try {
    runCommands(name, target, quiet);
  } finally {
    for (const { full, text } of kept) {
      if (text !== null && fs.readFileSync(full, 'utf8') !== text) fs.writeFileSync(full, text);
    }
  }
  target.after?.();
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, print);
  log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The other profile's build of the same sources (same fingerprint), copied into this profile's
 * folder instead of building again: the builds do not depend on the profile beyond where they
 * are written (nothing in them names their folder, and the API's address is read at run time),
 * so `npm start` after `npm test` on a fresh clone starts without a build. The copy goes to a
 * temporary folder first and is renamed into place, so an interrupted copy leaves no half
 * build behind a valid stamp. Returns the profile copied from, or null.
 */
function adopt(name, target, profile, print) {
  for (const other of PROFILES) {
    if (other === profile) continue;
    const source = targets(other)[name];
    if (!fs.existsSync(source.stamp) || fs.readFileSync(source.stamp, 'utf8') !== print) continue;
    const skipped = new Set(
      (source.notCopied ?? []).map((entry) => path.join(source.output, entry)),
    );
    const partial = `${target.output}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(source.output, partial, { recursive: true, filter: (file) => !skipped.has(file) });
    fs.rmSync(target.output, { recursive: true, force: true });
    fs.renameSync(partial, target.output);
    return other;
  }
  return null;
}

function runCommands(name, target, quiet) {
  for (const [bin, ...args] of target.commands) {
    const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', bin), args, {
      cwd: ROOT,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, ...target.commandEnv, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (result.status !== 0) {
      if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      throw new Error(`${name}: \`${bin} ${args.join(' ')}\` failed`);
    }
  }
}

/** The fingerprint a target's stamp holds when its output is up to date (start-up tests). */
function currentFingerprint(name, profile = currentProfile()) {
  return fingerprint(targets(profile)[name]);
}

module.exports = { build, currentFingerprint };

if (require.main === module) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const only = ['api', 'web'].filter((name) => args.includes(`--${name}`));
  const profile = PROFILES.find((p) => args.includes(`--${p}`)) ?? currentProfile();
  try {
    for (const name of only.length ? only : ['api', 'web']) build(name, { force, profile });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

'use strict';
/**
 * Builds what is out of date: the API bundles (dist/apps/api) and the dashboard (apps/web/.next).
 * A fingerprint of the inputs is kept beside each output, so an unchanged tree builds nothing.
 * Usage: node scripts/build.js [--api] [--web] [--force]
 */
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./lib/env');

const TARGETS = {
  api: {
    inputs: [
      'apps/api/src',
      'libs',
      'package-lock.json',
      'nest-cli.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'apps/api/tsconfig.app.json',
    ],
    stamp: 'dist/apps/api/.build-fingerprint',
    env: [],
    commands: [
      ['nest', 'build', 'api'],
      ['nest', 'build', 'cli'],
    ],
    /** `dist/apps/api/worker.js`: the API bundle started as a worker alone (no second bundle). */
    after: () =>
      fs.writeFileSync(
        path.join(ROOT, 'dist/apps/api/worker.js'),
        "'use strict';\nprocess.argv.push('--worker');\nrequire('./main.js');\n",
      ),
  },
  web: {
    inputs: ['apps/web', 'libs/domain/src', 'package-lock.json'],
    stamp: 'apps/web/.next/.build-fingerprint',
    // Rewrites to the API (and the playground's public API address) are fixed at build time: a
    // different API address needs a rebuild.
    env: ['API_INTERNAL_URL', 'API_PORT', 'API_PUBLIC_URL'],
    commands: [['next', 'build', 'apps/web']],
  },
};

const SKIP = new Set(['node_modules', '.next', 'dist', '.data']);

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
function build(name, { force = false, log = console.log, quiet = false } = {}) {
  const target = TARGETS[name];
  const stampFile = path.join(ROOT, target.stamp);
  const print = fingerprint(target);
  if (!force && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === print) {
    log(`${name}: up to date`);
    return;
  }
  log(`${name}: building…`);
  const started = Date.now();
  for (const [bin, ...args] of target.commands) {
    const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', bin), args, {
      cwd: ROOT,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (result.status !== 0) {
      if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      throw new Error(`${name}: \`${bin} ${args.join(' ')}\` failed`);
    }
  }
  target.after?.();
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, print);
  log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

module.exports = { build };

if (require.main === module) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const only = ['api', 'web'].filter((name) => args.includes(`--${name}`));
  try {
    for (const name of only.length ? only : ['api', 'web']) build(name, { force });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

'use strict';
/**
 * `npm run lint:openapi`: Redocly's lint (recommended rules, plus redocly.yaml when present) on the
 * OpenAPI document the API serves, as `cli.js openapi` (of the current build profile) builds it (the same
 * document as GET /openapi.json; no database). Builds the API first when it is out of date.
 * Fails on any error and on any warning.
 * Usage: node scripts/openapi-lint.js
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT } = require('./lib/env');
const { build } = require('./build');
const { apiDir } = require('./lib/build-paths');

const CLI = path.join(apiDir(), 'cli.js');
const REDOCLY = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const CONFIG = path.join(ROOT, 'redocly.yaml');

/** Runs `node <args>` from the repository root; throws with its output when it cannot start. */
function node(args, options = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // Redocly's notices about Node versions and updates are noise here.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    ...options,
  });
  if (result.error) throw result.error;
  return result;
}

/** Redocly's `lint` on `file` with `format`; the config file when there is one. */
function redocly(file, format, stdio) {
  const config = fs.existsSync(CONFIG) ? ['--config', CONFIG] : [];
  return node(
    [REDOCLY, 'lint', file, ...config, `--format=${format}`, '--max-problems=10000'],
    stdio ? { stdio } : {},
  );
}

function main() {
  build('api', { log: (line) => process.stderr.write(`${line}\n`) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-openapi-'));
  const file = path.join(dir, 'openapi.json');
  try {
    const dump = node([CLI, 'openapi', '--out', file]);
    if (dump.status !== 0 || !fs.existsSync(file)) {
      process.stderr.write(dump.stdout + dump.stderr);
      throw new Error('building the OpenAPI document failed');
    }
    // The readable report, then the counts from the machine-readable one (warnings fail too).
    redocly(file, 'stylish', 'inherit');
    const json = redocly(file, 'json');
    let totals;
    try {
      totals = JSON.parse(json.stdout).totals;
    } catch {
      process.stderr.write(json.stdout + json.stderr);
      throw new Error('could not read the result of redocly lint');
    }
    const line = `openapi lint: ${totals.errors} error(s), ${totals.warnings} warning(s)`;
    if (totals.errors > 0 || totals.warnings > 0) {
      console.error(`${line}; both must be 0.`);
      return 1;
    }
    console.log(line);
    return 0;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}

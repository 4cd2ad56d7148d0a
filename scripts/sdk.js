'use strict';
/**
 * The TypeScript SDK (libs/sdk). Everything is printed to stderr, so a build can run before a
 * stdio MCP server without touching its stdout.
 *
 *   node scripts/sdk.js build [--if-stale]   CJS (dist/cjs) + ESM (dist/esm) with .d.ts, via tsc
 *
 * Its types (src/generated/openapi.ts) are generated from the API's OpenAPI document by
 * `npm run generate` (scripts/generate.js).
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { fingerprint, isFresh, stagedBuild } = require('./lib/staged-build');
const { SDK_ROOT } = require('../libs/sdk/scripts/generate-types');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(SDK_ROOT, 'dist');
const log = (message) => process.stderr.write(`[sdk] ${message}\n`);

function run(args, what) {
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status})`);
}

/** The SDK's sources and build settings: an unchanged tree is not built again. */
const INPUTS = [
  'libs/sdk/src',
  'libs/sdk/package.json',
  'libs/sdk/tsconfig.cjs.json',
  'libs/sdk/tsconfig.esm.json',
];

/** Node's ESM loader needs file extensions: `./core` → `./core.js` in dist/esm. */
function addJsExtensions(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      addJsExtensions(full);
      continue;
    }
    if (!/\.(js|d\.ts)$/.test(entry.name)) continue;
    const source = fs.readFileSync(full, 'utf8');
    const fixed = source.replace(
      /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*?)\2/g,
      (match, lead, quote, specifier) =>
        /\.(js|json)$/.test(specifier) ? match : `${lead}${quote}${specifier}.js${quote}`,
    );
    if (fixed !== source) fs.writeFileSync(full, fixed);
  }
}

function build({ ifStale }) {
  const print = fingerprint(INPUTS);
  if (ifStale && isFresh(DIST, print)) {
    log('libs/sdk/dist is up to date');
    return;
  }
  const started = Date.now();
  stagedBuild(DIST, print, (staging) => {
    const tsc = require.resolve('typescript/bin/tsc');
    for (const format of ['cjs', 'esm']) {
      const config = path.join(SDK_ROOT, `tsconfig.${format}.json`);
      run([tsc, '-p', config, '--outDir', path.join(staging, format)], `tsc (${format})`);
    }
    addJsExtensions(path.join(staging, 'esm'));
    fs.writeFileSync(path.join(staging, 'esm', 'package.json'), '{ "type": "module" }\n');
    fs.writeFileSync(path.join(staging, 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
  });
  log(`built libs/sdk/dist (cjs, esm) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(argv) {
  const [command, ...rest] = argv;
  const flag = (name) => rest.includes(name);
  switch (command) {
    case 'build':
      build({ ifStale: flag('--if-stale') });
      return 0;
    default:
      log('usage: node scripts/sdk.js build [--if-stale]');
      return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      log(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

module.exports = { build };

'use strict';
/**
 * The TypeScript SDK (libs/sdk). Everything is printed to stderr, so a build can run before a
 * stdio MCP server without touching its stdout.
 *
 *   node scripts/sdk.js build [--if-stale]   CJS (dist/cjs) + ESM (dist/esm) with .d.ts, via tsc
 *   node scripts/sdk.js types [--check] [--from FILE]
 *       regenerates libs/sdk/src/generated/openapi.ts from the OpenAPI document the API serves
 *       (built without a database: `cli.js openapi`), or from FILE; --check exits 1 when the
 *       committed file differs instead of writing it.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fingerprint, isFresh, stagedBuild } = require('./lib/staged-build');
const { apiDir } = require('./lib/build-paths');
const { generateTypes, TYPES_FILE, SDK_ROOT } = require('../libs/sdk/scripts/generate-types');

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

/** The OpenAPI document the API serves, built without a database. */
function servedDocument() {
  run([path.join(ROOT, 'scripts', 'build.js'), '--api'], 'the API build');
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-openapi-')), 'doc.json');
  try {
    run([path.join(apiDir(), 'cli.js'), 'openapi', '--out', out], 'cli openapi');
    return JSON.parse(fs.readFileSync(out, 'utf8'));
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

async function types({ check, from }) {
  const document = from ? JSON.parse(fs.readFileSync(from, 'utf8')) : servedDocument();
  const generated = await generateTypes(document);
  const relative = path.relative(ROOT, TYPES_FILE);
  const committed = fs.existsSync(TYPES_FILE) ? fs.readFileSync(TYPES_FILE, 'utf8') : '';
  if (check) {
    if (generated !== committed) {
      log(`${relative} does not match the served OpenAPI document: run npm run sdk:types`);
      return 1;
    }
    log(`${relative} matches the served OpenAPI document`);
    return 0;
  }
  if (generated === committed) {
    log(`${relative} is up to date`);
  } else {
    fs.writeFileSync(TYPES_FILE, generated);
    log(`wrote ${relative}`);
  }
  return 0;
}

async function main(argv) {
  const [command, ...rest] = argv;
  const flag = (name) => rest.includes(name);
  const value = (name) => {
    const index = rest.indexOf(name);
    return index >= 0 ? rest[index + 1] : undefined;
  };
  switch (command) {
    case 'build':
      build({ ifStale: flag('--if-stale') });
      return 0;
    case 'types':
      return types({ check: flag('--check'), from: value('--from') });
    default:
      log('usage: node scripts/sdk.js build [--if-stale] | types [--check] [--from FILE]');
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

module.exports = { build, types };

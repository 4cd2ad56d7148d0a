'use strict';
/**
 * The Reelscout MCP server (libs/mcp). Build output and messages go to stderr only: stdout is the
 * MCP protocol when the server runs.
 *
 *   node scripts/mcp.js                  the MCP server on stdio (`npm run mcp`): key from
 *                                        REELSCOUT_API_KEY, API from REELSCOUT_BASE_URL
 *                                        (default http://127.0.0.1:$API_PORT, 4000: `npm start`)
 *   node scripts/mcp.js build            compiles libs/mcp (with the SDK's source) to dist/mcp
 *   node scripts/mcp.js schemas [--check] [--from FILE]
 *       regenerates libs/mcp/src/generated/tool-schemas.json from the OpenAPI document the API
 *       serves (built without a database: `cli.js openapi`), or from FILE; --check exits 1 when
 *       the committed file differs instead of writing it.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fingerprint, isFresh, stagedBuild } = require('./lib/staged-build');
const { apiDir } = require('./lib/build-paths');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'libs', 'mcp', 'tsconfig.build.json');
const DIST = path.join(ROOT, 'dist', 'mcp');
const SCHEMAS_FILE = path.join(ROOT, 'libs', 'mcp', 'src', 'generated', 'tool-schemas.json');
/** What the build reads: both libraries' sources and the build settings. */
const INPUTS = ['libs/mcp/src', 'libs/sdk/src', 'libs/mcp/tsconfig.build.json', 'tsconfig.json'];

const log = (message) => process.stderr.write(`[mcp] ${message}\n`);

function run(args, what) {
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status})`);
}

/** Compiles libs/mcp to dist/mcp when its sources changed (built aside, then swapped in). */
function build({ force = false } = {}) {
  const print = fingerprint(INPUTS);
  if (!force && isFresh(DIST, print)) return;
  const started = Date.now();
  stagedBuild(DIST, print, (staging) => {
    run([require.resolve('typescript/bin/tsc'), '-p', CONFIG, '--outDir', staging], 'tsc');
  });
  log(`built dist/mcp in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A module of the compiled library. */
const compiled = (name) => require(path.join(DIST, 'mcp', 'src', name));

/** The OpenAPI document the API serves, built without a database. */
function servedDocument() {
  run([path.join(ROOT, 'scripts', 'build.js'), '--api'], 'the API build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-openapi-'));
  try {
    const out = path.join(dir, 'doc.json');
    run([path.join(apiDir(), 'cli.js'), 'openapi', '--out', out], 'cli openapi');
    return JSON.parse(fs.readFileSync(out, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Same content, whatever the layout (the file is formatted by Prettier). */
const sameJson = (a, b) => JSON.stringify(a) === JSON.stringify(b);

async function schemas({ check, from }) {
  const document = from ? JSON.parse(fs.readFileSync(from, 'utf8')) : servedDocument();
  // The library imports the committed file: a first run needs one to compile.
  if (!fs.existsSync(SCHEMAS_FILE)) fs.writeFileSync(SCHEMAS_FILE, '{}\n');
  build();
  const { toolSchemasFromOpenApi, renderToolSchemas } = compiled('schemas.js');
  const generated = toolSchemasFromOpenApi(document);
  const relative = path.relative(ROOT, SCHEMAS_FILE);
  const committed = JSON.parse(fs.readFileSync(SCHEMAS_FILE, 'utf8'));
  if (check) {
    if (!sameJson(generated, committed)) {
      log(`${relative} does not match the served OpenAPI document: run npm run mcp -- schemas`);
      return 1;
    }
    log(`${relative} matches the served OpenAPI document`);
    return 0;
  }
  if (sameJson(generated, committed)) {
    log(`${relative} is up to date`);
    return 0;
  }
  const prettier = require('prettier');
  const options = (await prettier.resolveConfig(SCHEMAS_FILE)) ?? {};
  const text = await prettier.format(renderToolSchemas(generated), { ...options, parser: 'json' });
  fs.writeFileSync(SCHEMAS_FILE, text);
  log(`wrote ${relative}`);
  build();
  return 0;
}

async function serve() {
  build();
  await compiled('stdio.js').runStdioServer(process.env);
  return undefined;
}

async function main(argv) {
  const [command, ...rest] = argv;
  const flag = (name) => rest.includes(name);
  const value = (name) => {
    const index = rest.indexOf(name);
    return index >= 0 ? rest[index + 1] : undefined;
  };
  switch (command) {
    case undefined:
    case 'serve':
      return serve();
    case 'build':
      build({ force: flag('--force') });
      log('dist/mcp is up to date');
      return 0;
    case 'schemas':
      return schemas({ check: flag('--check'), from: value('--from') });
    default:
      log('usage: node scripts/mcp.js [serve] | build [--force] | schemas [--check] [--from FILE]');
      return 2;
  }
}

module.exports = { build, DIST };

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== undefined) process.exit(code);
    },
    (error) => {
      log(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

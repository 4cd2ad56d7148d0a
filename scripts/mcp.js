'use strict';
/**
 * The Reelscout MCP server (libs/mcp). Build output and messages go to stderr only: stdout is the
 * MCP protocol when the server runs.
 *
 *   node scripts/mcp.js                  the MCP server on stdio (`npm run mcp`): key from
 *                                        REELSCOUT_API_KEY, API from REELSCOUT_BASE_URL
 *                                        (default http://127.0.0.1:$API_PORT, 4000: `npm start`)
 *   node scripts/mcp.js build            compiles libs/mcp (with the SDK's source) to dist/mcp
 *
 * Its tool schemas (src/generated/tool-schemas.json) are generated from the API's OpenAPI
 * document by `npm run generate` (scripts/generate.js).
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { fingerprint, isFresh, stagedBuild } = require('./lib/staged-build');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'libs', 'mcp', 'tsconfig.build.json');
const DIST = path.join(ROOT, 'dist', 'mcp');
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

async function serve() {
  build();
  await compiled('stdio.js').runStdioServer(process.env);
  return undefined;
}

async function main(argv) {
  const [command, ...rest] = argv;
  const flag = (name) => rest.includes(name);
  switch (command) {
    case undefined:
    case 'serve':
      return serve();
    case 'build':
      build({ force: flag('--force') });
      log('dist/mcp is up to date');
      return 0;
    default:
      log('usage: node scripts/mcp.js [serve] | build [--force]');
      return 2;
  }
}

module.exports = { build, compiled };

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

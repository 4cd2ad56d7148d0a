'use strict';
/**
 * The checked-in files generated from the API's source, each made from the OpenAPI document the
 * API serves. scripts/generate.js writes or checks them all from one build of the API.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { apiDir } = require('./build-paths');
const { ROOT } = require('./env');

/** The command that regenerates every file below, named by the check when one is stale. */
const GENERATE_COMMAND = 'npm run generate';

/**
 * Each generated file: a short name (for `--only`), its path, and `render(document)`, which
 * resolves with the file's exact text.
 */
const GENERATED_FILES = [
  {
    name: 'sdk-types',
    file: 'libs/sdk/src/generated/openapi.ts',
    render: (document) => require('../../libs/sdk/scripts/generate-types').generateTypes(document),
  },
  {
    name: 'mcp-schemas',
    file: 'libs/mcp/src/generated/tool-schemas.json',
    render: async (document) => {
      // The conversion is libs/mcp's own code (compiled to dist/mcp, rebuilt only when stale).
      // The library imports the committed file, so a first run needs one to compile.
      const file = path.join(ROOT, 'libs/mcp/src/generated/tool-schemas.json');
      if (!fs.existsSync(file)) fs.writeFileSync(file, '{}\n');
      const mcp = require('../mcp');
      mcp.build();
      const schemas = mcp.compiled('schemas.js');
      const prettier = require('prettier');
      const options = (await prettier.resolveConfig(file)) ?? {};
      const text = schemas.renderToolSchemas(schemas.toolSchemasFromOpenApi(document));
      return prettier.format(text, { ...options, parser: 'json' });
    },
  },
];

/**
 * The OpenAPI document the built API serves (as GET /openapi.json), made by its CLI without a
 * database. The caller builds the API first.
 */
function servedDocument() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-openapi-'));
  try {
    const out = path.join(dir, 'openapi.json');
    const result = spawnSync(
      process.execPath,
      [path.join(apiDir(), 'cli.js'), 'openapi', '--out', out],
      {
        cwd: ROOT,
        stdio: ['ignore', process.stderr, process.stderr],
      },
    );
    if (result.status !== 0 || !fs.existsSync(out)) {
      throw new Error(`\`cli.js openapi\` failed (exit ${result.status})`);
    }
    return JSON.parse(fs.readFileSync(out, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { GENERATE_COMMAND, GENERATED_FILES, servedDocument };

'use strict';
/**
 * `npm run generate`: writes every checked-in file generated from the API's source (listed in
 * scripts/lib/generated-files.js: the SDK's types and the MCP server's tool schemas), from one
 * build of the API and the OpenAPI document it serves.
 *
 *   node scripts/generate.js            writes each generated file that differs
 *   node scripts/generate.js --check    writes nothing; exits 1 naming each stale file and the
 *                                       command that regenerates it (part of `npm run lint`)
 *     --from FILE    reads the OpenAPI document from FILE instead of building the API
 *     --only NAME    one file only (sdk-types, mcp-schemas)
 *
 * The API build is the current profile's (scripts/lib/build-paths.js), reused when its sources
 * have not changed. Messages go to stderr.
 */
const fs = require('node:fs');
const path = require('node:path');
const { build } = require('./build');
const { ROOT } = require('./lib/env');
const { GENERATE_COMMAND, GENERATED_FILES, servedDocument } = require('./lib/generated-files');

const log = (message) => process.stderr.write(`[generate] ${message}\n`);

async function main(argv) {
  const check = argv.includes('--check');
  const value = (flag) => {
    const index = argv.indexOf(flag);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const from = value('--from');
  const only = value('--only');
  const files = GENERATED_FILES.filter((entry) => only === undefined || entry.name === only);
  if (files.length === 0) {
    log(`--only takes one of: ${GENERATED_FILES.map((entry) => entry.name).join(', ')}`);
    return 2;
  }

  let document;
  if (from) {
    document = JSON.parse(fs.readFileSync(from, 'utf8'));
  } else {
    build('api', { log });
    document = servedDocument();
  }

  let stale = 0;
  for (const { file, render } of files) {
    const full = path.join(ROOT, file);
    const generated = await render(document);
    const committed = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
    if (generated === committed) {
      log(`${file} is up to date`);
    } else if (check) {
      stale += 1;
      log(`${file} is not what the current source generates: run ${GENERATE_COMMAND}`);
    } else {
      fs.writeFileSync(full, generated);
      log(`wrote ${file}`);
    }
  }
  return stale > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

'use strict';
/**
 * The SDK's types from an OpenAPI document: openapi-typescript, then prettier with the repo's
 * settings. Used by `npm run generate` (scripts/generate.js, through scripts/lib/generated-files.js),
 * which the e2e test also runs to check the committed file against the document the API serves.
 */
const path = require('node:path');

const SDK_ROOT = path.resolve(__dirname, '..');
const TYPES_FILE = path.join(SDK_ROOT, 'src', 'generated', 'openapi.ts');

const BANNER = [
  '/**',
  ' * Generated from the OpenAPI document the API serves (GET /openapi.json) by',
  ' * `npm run generate` (openapi-typescript + prettier). Do not edit by hand.',
  ' */',
  '',
].join('\n');

/** @param {object} document the OpenAPI document (parsed JSON) */
async function generateTypes(document) {
  // Their CommonJS entries (they load ES modules inside: Node's require(esm), not Jest).
  const { default: openapiTS, astToString } = require('openapi-typescript');
  const prettier = require('prettier');
  // A deep copy: openapi-typescript annotates the objects it walks.
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)), {
    silent: true,
    // A field with a default stays optional: request bodies may leave it out.
    defaultNonNullable: false,
  });
  const source = BANNER + astToString(ast);
  const options = (await prettier.resolveConfig(TYPES_FILE)) ?? {};
  return prettier.format(source, { ...options, filepath: TYPES_FILE });
}

module.exports = { generateTypes, TYPES_FILE, SDK_ROOT };

'use strict';
/**
 * `node bench/support/run-ts.js <program.ts>`: runs a bench program in a plain Node process, as
 * the service runs in production, not inside Jest's sandbox (a `vm` context, where every global
 * lookup goes through an interceptor and a request costs about a fifth more CPU). Each .ts file
 * is transpiled on require with the repository's compiler options (isolated modules, as
 * ts-jest does), and the tsconfig path aliases (@reelscout/…) resolve.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..');
const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, ROOT);
options.sourceMap = false;
options.inlineSourceMap = true;

const aliases = Object.entries(config.compilerOptions.paths).map(([alias, [target]]) => ({
  wildcard: alias.endsWith('/*'),
  prefix: alias.replace(/\*$/, ''),
  target: path.join(ROOT, target.replace(/\*$/, '')),
}));

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const alias = aliases.find((a) =>
    a.wildcard ? request.startsWith(a.prefix) : request === a.prefix,
  );
  const mapped = !alias
    ? request
    : alias.wildcard
      ? path.join(alias.target, request.slice(alias.prefix.length))
      : alias.target;
  return resolveFilename.call(this, mapped, ...rest);
};

// A `.sql` file is its text, as the API's webpack build bundles it.
require.extensions['.sql'] = (module, filename) => {
  module.exports = { __esModule: true, default: fs.readFileSync(filename, 'utf8') };
};

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: options,
    fileName: filename,
  });
  module._compile(outputText, filename);
};

require(path.resolve(ROOT, process.argv[2]));

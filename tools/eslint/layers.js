// @ts-check
/**
 * `layers/no-upward-import`: the API's folders form layers, and an import may only point to
 * the same layer or one below. The layers (lowest first) are listed in LAYERS; a folder not
 * listed is an error, so a new folder must be placed on purpose. See docs/architecture.md.
 *
 * Relative imports are resolved against the importing file; `@reelscout/*` libraries are below
 * every app layer and always allowed.
 */
const path = require('node:path');

const API_SRC = path.join(__dirname, '..', '..', 'apps', 'api', 'src');

/** Lowest first. Each entry: layer name → top-level folders (or files) of apps/api/src. */
const LAYERS = [
  ['foundation', ['common', 'config']],
  [
    'adapters',
    [
      'repositories',
      'egress',
      'mail',
      'media-analysis',
      'sandbox-media',
      'providers',
      'link-resolution',
    ],
  ],
  [
    'features',
    [
      'request-context',
      'accounts',
      'auth',
      'api-keys',
      'money',
      'payments',
      'usage',
      'idempotency',
      'throttling',
      'health',
      'video-source',
      'webhooks',
      'trend-history',
    ],
  ],
  ['execution', ['execution']],
  [
    'operations',
    [
      'assist',
      'scan',
      'playbook',
      'music',
      'trends',
      'mcp',
      'playground',
      'watches',
      'observability',
    ],
  ],
  [
    'composition',
    ['app.module.ts', 'bootstrap.ts', 'main.ts', 'cli.ts', 'cli', 'openapi.ts', 'worker.ts'],
  ],
];

/** @type {Map<string, number>} top-level entry → layer index */
const LEVEL = new Map();
LAYERS.forEach(([, entries], index) => entries.forEach((entry) => LEVEL.set(entry, index)));

/** The top-level folder (or file) of apps/api/src that `file` lives in, or null outside. */
function topOf(file) {
  const relative = path.relative(API_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

/**
 * The layer index of a file or import target inside apps/api/src (undefined: unplaced). A file
 * is in its top-level folder's layer, with no exceptions: an operation's prompt and sandbox rules
 * are the operation's, and it hands them down (the sandbox's LLM rules are registered by the
 * operation's module), so nothing below needs to import them.
 */
function levelOf(file) {
  const relative = path.relative(API_SRC, file).split(path.sep).join('/');
  const top = relative.split('/')[0];
  return LEVEL.get(top) ?? LEVEL.get(`${top}.ts`);
}

/** @type {import('eslint').Rule.RuleModule} */
const noUpwardImport = {
  meta: {
    type: 'problem',
    docs: { description: 'An API module imports only from its own layer or a lower one.' },
    schema: [],
    messages: {
      upward:
        "'{{from}}' ({{fromLayer}}) may not import '{{to}}' ({{toLayer}}): imports point down the layers ({{order}}).",
      unplaced:
        "'{{top}}' is not placed in a layer: add it to tools/eslint/layers.js (and docs/architecture.md).",
    },
  },
  create(context) {
    const file = context.filename;
    const fromTop = topOf(file);
    // Specs are held to the same rule: a test of a lower layer has no business with a higher one.
    if (fromTop === null) return {};
    const fromLevel = levelOf(file);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      const toTop = topOf(target);
      if (toTop === null) return;
      const toLevel = levelOf(target);
      if (toLevel === undefined) {
        context.report({ node, messageId: 'unplaced', data: { top: toTop } });
        return;
      }
      if (fromLevel !== undefined && toLevel > fromLevel) {
        context.report({
          node,
          messageId: 'upward',
          data: {
            from: path.relative(API_SRC, file),
            fromLayer: LAYERS[fromLevel][0],
            to: path.relative(API_SRC, target),
            toLayer: LAYERS[toLevel][0],
            order: LAYERS.map(([name]) => name).join(' < '),
          },
        });
      }
    };
    return {
      Program(node) {
        if (fromLevel === undefined) {
          context.report({ node, messageId: 'unplaced', data: { top: fromTop } });
        }
      },
      ImportDeclaration(node) {
        check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

module.exports = { LAYERS, plugin: { rules: { 'no-upward-import': noUpwardImport } } };

// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');
const layers = require('./tools/eslint/layers');

const CONFIG_MESSAGE =
  'Settings are read through the typed namespaces of apps/api/src/config (`@Inject(xConfig.KEY) config: ConfigType<typeof xConfig>`), never by name.';
/** `something.get('SOME_NAME')`: a setting looked up by its environment name. */
const SETTING_NAME = '/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$|^[A-Z]{2,}$/';

const EGRESS_MESSAGE =
  'Outbound requests go through EgressGuard (apps/api/src/egress): it resolves, checks and pins every address.';

module.exports = tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      '**/.next-test/**',
      '.build/**',
      '.data/**',
      'coverage/**',
      'apps/web/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    // Types used in decorated constructors are runtime values for Nest's DI: tell the rules.
    languageOptions: {
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': 'error',
    },
  },
  {
    // libs/domain is shared with the dashboard: no Nest, TypeORM or class-validator in it.
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@nestjs/*', 'typeorm', 'class-validator', 'class-transformer', 'node:*'] },
      ],
    },
  },
  {
    // Layers point down: see tools/eslint/layers.js and docs/architecture.md.
    files: ['apps/api/src/**/*.ts'],
    plugins: { layers: layers.plugin },
    rules: { 'layers/no-upward-import': 'error' },
  },
  {
    // One validation of the environment, mapped into typed namespaces (docs/architecture.md §11):
    // outside the config folder no code reads a setting by name or holds the raw ConfigService.
    files: ['apps/**/*.ts', 'libs/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/api/src/config/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(get|getOrThrow)$/][arguments.0.value=${SETTING_NAME}]`,
          message: CONFIG_MESSAGE,
        },
        {
          selector: `CallExpression[callee.property.name=/^(get|getOrThrow)$/] > TemplateLiteral.arguments:first-child[expressions.length=0] > TemplateElement[value.raw=${SETTING_NAME}]`,
          message: CONFIG_MESSAGE,
        },
        {
          selector:
            "ImportDeclaration[source.value='@nestjs/config'] ImportSpecifier[imported.name=/^(ConfigService|ConfigModule)$/]",
          message: CONFIG_MESSAGE,
        },
      ],
    },
  },
  {
    // The environment is read in one place: apps/api/src/config validates it once per process and
    // hands out typed namespaces; scripts/ prepare the environment processes start with.
    // Exceptions, each a program or test that owns an environment the API's config does not:
    // e2e tests and specs set the environment of the app or process they start; the dashboard
    // (Next.js) reads its own settings; the SDK and the MCP stdio server read their caller's;
    // the bench harness and the examples are programs of their own.
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    ignores: [
      'apps/api/src/config/**',
      'scripts/**',
      'apps/api/test/**',
      'apps/api/src/providers/http/provider-rate-limiter.spec.ts',
      'apps/web/middleware.ts',
      'apps/web/next.config.js',
      'apps/web/server.js',
      'apps/web/lib/api-origin.ts',
      'apps/web/lib/api-proxy.spec.ts',
      'apps/web/lib/playground.spec.ts',
      'apps/web/e2e/**',
      'libs/sdk/src/client-jobs.spec.ts',
      'libs/mcp/src/stdio.ts',
      'bench/**',
      'examples/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'The environment is read only in apps/api/src/config (validated once per process); inject a config namespace instead.',
        },
      ],
    },
  },
  {
    // One egress guard: a URL we did not write is fetched only through
    // `apps/api/src/egress`. The provider HTTP client is the one other place that opens
    // connections, to the provider base URL the operator configured. The Express adapter builds
    // the inbound server (it accepts connections, never opens one), and so does the metrics
    // listener.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/observability/metrics-listener.ts',
      'apps/api/src/egress/**',
      'apps/api/src/providers/http/provider-http.client.ts',
      'apps/api/src/common/http/express-adapter.ts',
      'apps/api/src/**/*.spec.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: EGRESS_MESSAGE },
        { name: 'XMLHttpRequest', message: EGRESS_MESSAGE },
        { name: 'WebSocket', message: EGRESS_MESSAGE },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            'http',
            'https',
            'node:http',
            'node:https',
            'net',
            'node:net',
            'tls',
            'node:tls',
            'http2',
            'node:http2',
            'undici',
            'axios',
            'got',
            'node-fetch',
          ].map((name) => ({ name, message: EGRESS_MESSAGE, allowTypeImports: true })),
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
  prettier,
);

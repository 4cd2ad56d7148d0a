import { join } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The lint rules that keep settings behind the typed namespaces: reading one by its environment
 * name, holding the raw ConfigService, or reading `process.env` fails lint anywhere outside
 * apps/api/src/config (and, for `process.env`, scripts/ and the listed exceptions).
 */
describe('configuration lint rule', () => {
  const root = join(__dirname, '../../../..');
  // The repository's own config, passed in (ESLint's loader needs dynamic import, which Jest's
  // VM does not offer).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(join(root, 'eslint.config.js')) as ESLint.Options['overrideConfig'];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const probe = [
    "import { ConfigService } from '@nestjs/config';",
    'const config = new ConfigService();',
    "export const port = config.get('API_PORT', { infer: true });",
    "export const worker = config.getOrThrow<boolean>('JOBS_WORKER');",
    'export const level = config.get(`LOG_LEVEL`);',
    "export const header = new Map<string, string>().get('Content-Type');",
    "export const forwarded = new Map<string, string>().get('x-forwarded-for');",
    '',
  ].join('\n');

  async function restrictedIn(file: string): Promise<number[]> {
    const [result] = await eslint.lintText(probe, { filePath: join(root, file) });
    return result.messages
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.line);
  }

  it('fails look-ups by setting name and the raw ConfigService outside the config folder', async () => {
    expect(await restrictedIn('apps/api/src/music/new-feature.ts')).toEqual([1, 3, 4, 5]);
    expect(await restrictedIn('apps/api/test/new-feature.e2e-spec.ts')).toEqual([1, 3, 4, 5]);
  }, 60_000);

  it('allows them inside the config folder, where the namespaces are built', async () => {
    expect(await restrictedIn('apps/api/src/config/new-namespace.ts')).toEqual([]);
  }, 60_000);

  async function envReadsIn(file: string): Promise<number[]> {
    const code = [
      "export const host = process.env.API_HOST || '127.0.0.1';",
      "export const url = process.env['DATABASE_URL'];",
      'export const { PATH } = process.env;',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return result.messages
      .filter((message) => message.ruleId === 'no-restricted-properties')
      .map((message) => message.line);
  }

  it('fails a raw process.env read outside the config folder and scripts', async () => {
    expect(await envReadsIn('apps/api/src/main.ts')).toEqual([1, 2, 3]);
    expect(await envReadsIn('apps/api/src/cli/new-command.ts')).toEqual([1, 2, 3]);
    expect(await envReadsIn('apps/api/src/music/new-feature.spec.ts')).toEqual([1, 2, 3]);
    expect(await envReadsIn('libs/database/src/new-file.ts')).toEqual([1, 2, 3]);
  }, 60_000);

  it('allows process.env in the config folder, scripts and the e2e tests', async () => {
    expect(await envReadsIn('apps/api/src/config/environment.ts')).toEqual([]);
    expect(await envReadsIn('scripts/new-script.js')).toEqual([]);
    expect(await envReadsIn('apps/api/test/new-suite.e2e-spec.ts')).toEqual([]);
  }, 60_000);
});

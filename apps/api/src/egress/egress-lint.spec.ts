import { join } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The lint rule that keeps every outbound request behind the egress guard: `fetch`, and the
 * http/https/net/undici modules, fail lint anywhere in the API except the guard and the
 * provider HTTP client (which only calls the operator's configured provider base URL).
 */
describe('egress lint rule', () => {
  const root = join(__dirname, '../../../..');
  // The repository's own config, passed in (ESLint's loader needs dynamic import, which Jest's
  // VM does not offer).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(join(root, 'eslint.config.js')) as ESLint.Options['overrideConfig'];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const probe = [
    "import * as https from 'node:https';",
    "import { request } from 'undici';",
    "import type { IncomingMessage } from 'node:http';",
    "export const viaFetch = () => fetch('https://cdn.example/video.mp4');",
    'export const viaHttps = https;',
    'export const viaUndici = request;',
    'export type Incoming = IncomingMessage;',
    '',
  ].join('\n');

  async function restrictedIn(file: string): Promise<string[]> {
    const [result] = await eslint.lintText(probe, { filePath: join(root, file) });
    return result.messages
      .filter((message) =>
        ['no-restricted-globals', '@typescript-eslint/no-restricted-imports'].includes(
          message.ruleId ?? '',
        ),
      )
      .map((message) => `${message.line}:${message.ruleId}`);
  }

  it('fails a fetch, an https import and an undici import outside the guard', async () => {
    expect(await restrictedIn('apps/api/src/music/new-feature.ts')).toEqual([
      '1:@typescript-eslint/no-restricted-imports',
      '2:@typescript-eslint/no-restricted-imports',
      '4:no-restricted-globals',
    ]);
  }, 60_000);

  it('allows them inside the guard and the provider HTTP client only', async () => {
    expect(await restrictedIn('apps/api/src/egress/egress-guard.ts')).toEqual([]);
    expect(await restrictedIn('apps/api/src/providers/http/provider-http.client.ts')).toEqual([]);
    expect(await restrictedIn('apps/api/src/providers/http/media-download.ts')).toHaveLength(3);
  }, 60_000);
});

import { join } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The layer rule (tools/eslint/layers.js): an API module imports only from its own layer or a
 * lower one. Lints probe files with the repository's own config.
 */
describe('layer lint rule', () => {
  const root = join(__dirname, '../../../..');
  // The repository's config, passed in (ESLint's loader needs dynamic import, which Jest's VM
  // does not offer).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(join(root, 'eslint.config.js')) as ESLint.Options['overrideConfig'];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

  async function layerErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, 'apps/api/src', file) });
    return result.messages
      .filter((message) => message.ruleId === 'layers/no-upward-import')
      .map((message) => message.message);
  }

  it('fails an import that runs back up the layers', async () => {
    const errors = await layerErrors(
      'common/errors/probe.ts',
      "import { OperationRunner } from '../../operation-runner/operation.runner';\nexport const x = OperationRunner;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining(
        "'common/errors/probe.ts' (foundation) may not import 'operation-runner/operation.runner' (operation-runner)",
      ),
    ]);
  }, 60_000);

  it('passes imports that point down or stay in the layer', async () => {
    expect(
      await layerErrors(
        'music/probe.ts',
        [
          "import { OperationRunner } from '../operation-runner/operation.runner';",
          "import { UsageService } from '../usage/usage.service';",
          "import { EgressGuard } from '../egress';",
          "import { ScanService } from '../scan/scan.service';",
          'export const x = [OperationRunner, UsageService, EgressGuard, ScanService];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  }, 60_000);

  it("keeps an operation's prompt and sandbox rules with the adapters", async () => {
    expect(
      await layerErrors(
        'scan/scan.prompt.ts',
        "import { ScanService } from './scan.service';\nexport const x = ScanService;\n",
      ),
    ).toEqual([expect.stringContaining("'scan/scan.prompt.ts' (adapters) may not import")]);
  }, 60_000);

  it('refuses a folder that is not placed in a layer', async () => {
    expect(await layerErrors('newthing/probe.ts', 'export const x = 1;\n')).toEqual([
      expect.stringContaining("'newthing' is not placed in a layer"),
    ]);
  }, 60_000);
});

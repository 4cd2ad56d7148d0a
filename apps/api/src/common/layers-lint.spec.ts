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
      "import { ExecutionService } from '../../execution/execution.service';\nexport const x = ExecutionService;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining(
        "'common/errors/probe.ts' (foundation) may not import 'execution/execution.service' (execution)",
      ),
    ]);
  }, 60_000);

  it('keeps the execution module in a layer of its own, above the money module', async () => {
    const errors = await layerErrors(
      'money/probe.ts',
      "import { JobAttempts } from '../execution/job-attempts';\nexport const x = JobAttempts;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining(
        "'money/probe.ts' (features) may not import 'execution/job-attempts' (execution)",
      ),
    ]);
  }, 60_000);

  it('passes imports that point down or stay in the layer', async () => {
    expect(
      await layerErrors(
        'music/probe.ts',
        [
          "import { ExecutionService } from '../execution/execution.service';",
          "import { UsageService } from '../usage/usage.service';",
          "import { EgressGuard } from '../egress';",
          "import { ScanService } from '../scan/scan.service';",
          'export const x = [ExecutionService, UsageService, EgressGuard, ScanService];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  }, 60_000);

  it("fails the sandbox importing an operation's sandbox rules (the operation hands them down)", async () => {
    for (const file of ['providers/sandbox/probe.ts', 'providers/sandbox/probe.spec.ts']) {
      expect(
        await layerErrors(
          file,
          "import { SCAN_PLAN_SANDBOX } from '../../scan/scan.sandbox';\nexport const x = SCAN_PLAN_SANDBOX;\n",
        ),
      ).toEqual([
        expect.stringContaining(
          `'${file}' (adapters) may not import 'scan/scan.sandbox' (operations)`,
        ),
      ]);
    }
  }, 60_000);

  it("places an operation's prompt and sandbox rules in the operation's layer", async () => {
    expect(
      await layerErrors(
        'scan/scan.sandbox.ts',
        [
          "import { ScanService } from './scan.service';",
          "import { matchNiches } from '../providers/sandbox/sandbox-catalogue';",
          'export const x = [ScanService, matchNiches];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  }, 60_000);

  it('refuses a folder that is not placed in a layer', async () => {
    expect(await layerErrors('newthing/probe.ts', 'export const x = 1;\n')).toEqual([
      expect.stringContaining("'newthing' is not placed in a layer"),
    ]);
  }, 60_000);
});

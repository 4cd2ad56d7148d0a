import { writeFileSync } from 'node:fs';
import { ModulesContainer } from '@nestjs/core';
import { Command, Option } from 'nest-commander';
import { AppModule } from '../app.module';
import { buildOpenApiDocumentFromModules } from '../openapi';
import { CliEnvironment } from './cli-environment';
import { OperatorCommand } from './operator-command';

interface OpenApiOptions {
  out?: string;
}

/** The command's name: a run that starts with it scans the API's modules (CliCommandsModule). */
export const OPENAPI_COMMAND = 'openapi';

/**
 * `openapi [--out FILE]`: the OpenAPI document the API serves at /openapi.json, built from the
 * same modules without starting them: this run's container holds the API's modules scanned in
 * Nest's preview mode (no database, no network). The SDK's types and the lint in `npm test` are
 * generated from it.
 */
@Command({
  name: OPENAPI_COMMAND,
  description: 'print the OpenAPI document the API serves (no database)',
})
export class OpenApiCommand extends OperatorCommand<OpenApiOptions> {
  constructor(
    private readonly environment: CliEnvironment,
    private readonly modules: ModulesContainer,
  ) {
    super();
  }

  @Option({ flags: '--out <file>', name: 'out', description: 'write it to this file instead' })
  out(value: string): string {
    return value;
  }

  protected async execute({ out }: OpenApiOptions): Promise<void> {
    // Nothing connects in preview mode; the configuration only has to be well-formed.
    this.environment.get();
    const scanned = [...this.modules.values()].some((module) => module.metatype === AppModule);
    if (!scanned)
      throw new Error(`the API's modules are scanned only when ${OPENAPI_COMMAND} comes first`);
    const json = `${JSON.stringify(buildOpenApiDocumentFromModules(this.modules), null, 2)}\n`;
    if (out) writeFileSync(out, json);
    else this.io.out(json.trimEnd());
  }
}

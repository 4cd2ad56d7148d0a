import { writeFileSync } from 'node:fs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import type { Environment } from '../config';
import { buildOpenApiDocument } from '../openapi';
import { Command, Option } from 'nest-commander';
import { CliEnvironment } from './cli-environment';
import { OperatorCommand } from './operator-command';

interface OpenApiOptions {
  out?: string;
}

/**
 * `openapi [--out FILE]`: the OpenAPI document the API serves at /openapi.json, built from the
 * same modules without starting them (Nest's preview mode: no database, no network). The SDK's
 * types and the lint in `npm test` are generated from it.
 */
@Command({
  name: 'openapi',
  description: 'print the OpenAPI document the API serves (no database)',
})
export class OpenApiCommand extends OperatorCommand<OpenApiOptions> {
  constructor(private readonly environment: CliEnvironment) {
    super();
  }

  @Option({ flags: '--out <file>', name: 'out', description: 'write it to this file instead' })
  out(value: string): string {
    return value;
  }

  protected async execute({ out }: OpenApiOptions): Promise<void> {
    // Nothing connects in preview mode; the configuration only has to be well-formed. An empty
    // DATABASE_URL counts as unset, as everywhere else (scripts/lib/database.js).
    const environment = this.environment.get();
    const preview: Environment = {
      ...environment,
      DATABASE_URL: environment.DATABASE_URL ?? 'postgres://preview@127.0.0.1:5432/preview',
    };
    const app = await NestFactory.create<NestExpressApplication>(AppModule.register(preview), {
      preview: true,
      logger: false,
      abortOnError: false,
    });
    try {
      const json = `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
      if (out) writeFileSync(out, json);
      else this.io.out(json.trimEnd());
    } finally {
      await app.close();
    }
  }
}

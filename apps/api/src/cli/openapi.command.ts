import { writeFileSync } from 'node:fs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { buildOpenApiDocument } from '../openapi';
import type { CliIo } from './cli.runner';

/**
 * `openapi [--out FILE]`: the OpenAPI document the API serves at /openapi.json, built from the
 * same modules without starting them (Nest's preview mode: no database, no network). The SDK's
 * types and the lint in `npm test` are generated from it.
 */
export async function openApiCommand(out: string | undefined, io: CliIo): Promise<number> {
  // Nothing connects in preview mode; the configuration only has to be well-formed.
  process.env.DATABASE_URL ??= 'postgres://preview@127.0.0.1:5432/preview';
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    const json = `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
    if (out) writeFileSync(out, json);
    else io.out(json.trimEnd());
    return 0;
  } finally {
    await app.close();
  }
}

import { existsSync } from 'node:fs';
import { ConfigService } from '@nestjs/config';
import { createApp } from './bootstrap';
import { validateEnvironment, type Environment } from './config/environment';

async function main(): Promise<void> {
  // Fail fast with a readable list of every configuration problem, before Nest starts.
  if (existsSync('.env')) process.loadEnvFile('.env');
  validateEnvironment(process.env);

  const app = await createApp();
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  const port = config.get('API_PORT', { infer: true });
  const host = process.env.API_HOST || '127.0.0.1';
  await app.listen(port, host);
  process.stdout.write(`Reelscout API listening on http://${host}:${port} (docs at /docs)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Reelscout API failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

import { existsSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { BootstrapInviteService } from './auth/bootstrap-invite.service';
import { createApp } from './bootstrap';
import { appConfig, validateEnvironment } from './config';
import { startWorker } from './worker';

async function main(): Promise<void> {
  // Fail fast with a readable list of every configuration problem, before Nest starts.
  if (existsSync('.env')) process.loadEnvFile('.env');
  if (process.argv.includes('--worker')) return startWorker();
  validateEnvironment(process.env);

  const app = await createApp();
  const port = app.get<ConfigType<typeof appConfig>>(appConfig.KEY).apiPort;
  const host = process.env.API_HOST || '127.0.0.1';
  // Before listening: once the API answers, `npm start`'s banner finds the invite written.
  await app.get(BootstrapInviteService).announce();
  await app.listen(port, host);
  new Logger('Main').log(`Reelscout API listening on http://${host}:${port} (docs at /docs)`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Reelscout ${process.argv.includes('--worker') ? 'worker' : 'API'} failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

import { Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { AppModule } from './app.module';
import { BootstrapInviteService } from './auth/bootstrap-invite.service';
import { createApp } from './bootstrap';
import { appConfig, loadEnvironment } from './config';
import { startWorker } from './worker';

async function main(): Promise<void> {
  if (process.argv.includes('--worker')) return startWorker();
  // The one validation: fails fast with a readable list of every configuration problem, before
  // Nest starts, and the app is built from what it validated.
  const app = await createApp(AppModule.register(loadEnvironment()));
  const { apiPort: port, apiHost: host } = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
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

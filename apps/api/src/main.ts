import type { ConfigType } from '@nestjs/config';
import { loadEnvironment, observabilityConfig } from './config';
import { startTracing } from './common/observability/tracing-sdk';

async function main(): Promise<void> {
  const worker = process.argv.includes('--worker');
  // The one validation: fails fast with a readable list of every configuration problem, before
  // Nest starts, and the app is built from what it validated. A worker always works, whatever
  // JOBS_WORKER says.
  const environment = loadEnvironment(worker ? { JOBS_WORKER: 'true' } : {});
  // Tracing first (when configured): its instrumentations wrap http, express, pg and ioredis as
  // the app's modules load, which is why those are imported only after it.
  const observability = observabilityConfig.from(environment);
  await startTracing({
    endpoint: observability.otlpEndpoint,
    sampleRatio: observability.sampleRatio,
    serviceName: worker ? `${observability.serviceName}-worker` : observability.serviceName,
  });
  if (worker) return (await import('./worker')).startWorker(environment);

  const { Logger } = await import('@nestjs/common');
  const { AppModule } = await import('./app.module');
  const { BootstrapInviteService } = await import(
    /* webpackMode: "eager" */ './auth/bootstrap-invite.service'
  );
  const { createApp } = await import('./bootstrap');
  const { appConfig } = await import('./config');
  const { ObservabilityService } = await import(
    /* webpackMode: "eager" */ './observability/observability.service'
  );
  const app = await createApp(AppModule.register(environment));
  const { apiPort: port, apiHost: host } = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
  // Before listening: once the API answers, `npm start`'s banner finds the invite written.
  await app.get(BootstrapInviteService).announce();
  // One metrics listener for the API and the worker it runs in-process.
  await app.get(ObservabilityService).serve();
  await app.listen(port, host);
  new Logger('Main').log(`Reelscout API listening on http://${host}:${port} (docs at /docs)`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Reelscout ${process.argv.includes('--worker') ? 'worker' : 'API'} failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

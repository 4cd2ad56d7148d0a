import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { Environment } from './config';
import { ObservabilityService } from './observability/observability.service';

/**
 * `npm run worker` (`node dist/apps/api/main.js --worker`): a worker alone (no HTTP) on
 * DATABASE_URL (validation refuses to start without it: a worker alone joins an existing
 * database). It runs queued jobs, the job sweeper and the webhook dispatcher; SIGTERM drains it
 * (see JobWorker). `npm start` runs the same work inside the API process, so the embedded
 * default needs no separate worker. Its metrics listener is its own (METRICS_PORT: give each
 * process on one host its own port).
 */
export async function startWorker(environment: Environment): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule.register(environment), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  await app.get(ObservabilityService).serve();
  process.stdout.write('Reelscout worker running\n');
}

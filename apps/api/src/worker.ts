import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { loadEnvironment } from './config';

/**
 * `npm run worker` (`node dist/apps/api/main.js --worker`): a worker alone (no HTTP) on
 * DATABASE_URL (validation refuses to start without it: a worker alone joins an existing
 * database). It runs queued jobs, the job sweeper and the webhook dispatcher; SIGTERM drains it
 * (see JobWorker). `npm start` runs the same work inside the API process, so the embedded
 * default needs no separate worker.
 */
export async function startWorker(): Promise<void> {
  // The one validation of this process; a worker always works, whatever JOBS_WORKER says.
  const environment = loadEnvironment({ JOBS_WORKER: 'true' });
  const app = await NestFactory.createApplicationContext(AppModule.register(environment), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  process.stdout.write('Reelscout worker running\n');
}

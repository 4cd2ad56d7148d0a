import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { validateEnvironment } from './config';

/**
 * `npm run worker` (`node dist/apps/api/main.js --worker`): a worker alone (no HTTP) on
 * DATABASE_URL. It runs queued jobs, the job sweeper and the webhook dispatcher; SIGTERM drains
 * it (see JobWorker). `npm start` runs the same work inside the API process, so the embedded
 * default needs no separate worker.
 */
export async function startWorker(): Promise<void> {
  process.env.JOBS_WORKER = 'true';
  validateEnvironment(process.env);
  if (!process.env.DATABASE_URL) {
    throw new Error('set DATABASE_URL: a worker alone joins an existing database');
  }
  const app = await NestFactory.createApplicationContext(AppModule.register(), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  process.stdout.write('Reelscout worker running\n');
}

import 'reflect-metadata';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { appConfig, authConfig, throttlingConfig } from './config';
import { ReelscoutExpressAdapter } from './common/http/express-adapter';
import { jsonBodyMiddleware } from './common/http/json-body.middleware';
import { requestIdMiddleware } from './common/http/request-id';
import { securityHeadersMiddleware } from './common/http/security-headers';
import { createRootLogger, requestLogMiddleware } from './common/logging/logger.options';
import { mountOpenApi } from './openapi';
import { STRIPE_WEBHOOK_PATH } from './payments/stripe-webhook.controller';
import { dashboardRateLimitMiddleware } from './throttling/dashboard-rate-limit.middleware';
import { RateLimitService } from './throttling/rate-limit.service';
import { sameOriginMiddleware } from './auth/same-origin.middleware';
import { sessionMiddleware } from './auth/session';
import { randomToken } from './common/crypto/tokens';
import { pgPoolOf } from '@reelscout/database';
import { httpMetricsMiddleware } from './common/observability/http-metrics.middleware';
import { DataSource } from 'typeorm';

/** Paths whose body is kept raw for signature checks (payment webhooks). */
export const RAW_BODY_PATHS: string[] = [STRIPE_WEBHOOK_PATH];

/**
 * Everything an app instance needs besides its modules, in pipeline order.
 * `main.ts` and the e2e tests both go through here, so tests exercise the real stack.
 */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxyHops);
  app.set('etag', false);

  // First: every request's latency and status, rejected ones included.
  app.use(httpMetricsMiddleware);
  app.use(securityHeadersMiddleware());
  app.use(requestIdMiddleware);
  app.use(
    requestLogMiddleware(
      createRootLogger({
        LOG_LEVEL: config.logLevel,
        LOG_PRETTY: config.logPretty,
      }),
    ),
  );
  app.use(jsonBodyMiddleware(RAW_BODY_PATHS));
  mountDashboardSessions(app);

  if (config.docsEnabled) mountOpenApi(app);
  app.enableShutdownHooks();
  return app;
}

/** Cookie sessions and the same-origin check, only on the dashboard back end's routes. */
function mountDashboardSessions(app: NestExpressApplication): void {
  const auth = app.get<ConfigType<typeof authConfig>>(authConfig.KEY);
  const throttling = app.get<ConfigType<typeof throttlingConfig>>(throttlingConfig.KEY);
  const dashboardPaths = ['/auth', '/account'];
  const publicUrl = auth.publicUrl;
  let secret = auth.secret;
  if (!secret) {
    // Development without a configured secret: sessions last until the API restarts.
    secret = randomToken();
    app.get(Logger).warn('AUTH_SECRET is not set; using a temporary one (sessions end on restart)');
  }
  const pool = pgPoolOf(app.get(DataSource));
  app.use(
    dashboardPaths,
    dashboardRateLimitMiddleware(app.get(RateLimitService), throttling.dashboardPerMin),
  );
  app.use(dashboardPaths, sameOriginMiddleware([publicUrl]));
  app.use(
    dashboardPaths,
    sessionMiddleware({
      pool,
      secret,
      ttlDays: auth.sessionTtlDays,
      prune: auth.nodeEnv !== 'test',
    }),
  );
}

export async function createApp(
  rootModule: Type<unknown> | DynamicModule = AppModule.register(),
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    rootModule,
    new ReelscoutExpressAdapter(),
    { bodyParser: false, bufferLogs: true, abortOnError: false },
  );
  return configureApp(app);
}

export type { INestApplication };

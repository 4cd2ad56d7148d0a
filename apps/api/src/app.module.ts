import { type DynamicModule, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@reelscout/database';
import { LoggerModule } from 'nestjs-pino';
import { appConfig, configModule, databaseConfig, type Environment } from './config';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { createRootLogger } from './common/logging/logger.options';
import { createValidationPipe } from './common/validation/validation.pipe';
import { AccountsModule } from './accounts/accounts.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AuthModule } from './auth/auth.module';
import { MoneyModule } from './money/money.module';
import { PaymentsModule } from './payments/payments.module';
import { UsageModule } from './usage/usage.module';
import { UsageApiModule } from './usage/usage-api.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { ExecutionModule } from './execution/execution.module';
import { JobsApiModule } from './execution/jobs-api.module';
import { HealthModule } from './health/health.module';
import { ThrottlingModule } from './throttling/throttling.module';
import { AssistModule } from './assist/assist.module';
import { ScanModule } from './scan/scan.module';
import { PlaybookModule } from './playbook/playbook.module';
import { MusicModule } from './music/music.module';
import { TrendsModule } from './trends/trends.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { MoneyApiModule } from './money/money-api.module';
import { McpModule } from './mcp/mcp.module';
import { PlaygroundModule } from './playground/playground.module';
import { ClockModule } from './common/clock/clock';
import { WatchesModule } from './watches/watches.module';
import { ObservabilityModule } from './observability/observability.module';

const FEATURE_MODULES = [
  LoggerModule.forRootAsync({
    inject: [appConfig.KEY],
    useFactory: (config: ConfigType<typeof appConfig>) => ({
      // The Nest logger, on the root pino logger. The request log is our own middleware
      // (requestLogMiddleware, mounted first in bootstrap so it sees requests rejected by the
      // body parser), so nestjs-pino's own middleware is not mounted (no routes). Lines logged
      // while a call is served name their request or job themselves: the error filter, the job
      // executor and the provider client (from the operation's metered context) do.
      pinoHttp: {
        logger: createRootLogger({
          LOG_LEVEL: config.logLevel,
          LOG_PRETTY: config.logPretty,
        }),
      },
      useExisting: true,
      forRoutes: [],
    }),
  }),
  TypeOrmModule.forRootAsync({
    inject: [databaseConfig.KEY],
    useFactory: (config: ConfigType<typeof databaseConfig>) => dataSourceOptions(config.url),
  }),
  // The four operations first: Express tries routes in the order they were registered, and
  // modules register theirs in this order, so the paid calls match after the fewest tries.
  AssistModule,
  ScanModule,
  PlaybookModule,
  MusicModule,
  TrendsModule,
  HealthModule,
  ThrottlingModule,
  AccountsModule,
  AuthModule,
  ApiKeysModule,
  UsageModule,
  MoneyModule,
  PaymentsModule,
  IdempotencyModule,
  ExecutionModule,
  JobsApiModule,
  UsageApiModule,
  WebhooksModule,
  MoneyApiModule,
  McpModule,
  PlaygroundModule,
  WatchesModule,
  ObservabilityModule,
];

@Module({
  providers: [
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    { provide: APP_PIPE, useFactory: createValidationPipe },
  ],
})
export class AppModule {
  /** `environment`: the process's validated environment (else the config module validates it). */
  static register(environment?: Environment): DynamicModule {
    return {
      module: AppModule,
      imports: [configModule({ validated: environment }), ClockModule, ...FEATURE_MODULES],
    };
  }
}

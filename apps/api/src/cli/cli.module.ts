import { type DynamicModule, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@reelscout/database';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { InvitesService } from '../auth/invites.service';
import { PasswordResetLinks } from '../auth/password-reset-links';
import { configModule, databaseConfig, type Environment } from '../config';
import { MoneyModule } from '../money/money.module';
import { ReversalService } from '../payments/reversal.service';
import { CheckoutSessionRepository } from '../repositories/checkout-session.repository';
import { StripeDisputeRepository } from '../repositories/stripe-dispute.repository';
import { StripeEventRepository } from '../repositories/stripe-event.repository';
import { StripeWaitingReversalRepository } from '../repositories/stripe-waiting-reversal.repository';
import { ApiKeyRepository } from '../repositories/api-key.repository';
import { KeyAuditRepository } from '../repositories/key-audit.repository';
import { ClockModule } from '../common/clock/clock';
import { DatabaseRepository } from '../repositories/database.repository';
import { InviteRepository } from '../repositories/invite.repository';
import { PasswordResetRepository } from '../repositories/password-reset.repository';

/** Never connected to: a run without DATABASE_URL builds the services but opens no database. */
const NO_DATABASE = 'postgres://unset@127.0.0.1:1/unset';

/**
 * The services the CLI's database commands use (see CliContext): the API's own, no HTTP, in the
 * run's one container. The database is not opened when the container starts (help and argument
 * errors need none) but by CliContext, once a command's arguments were checked.
 * The commands themselves are CliCommandsModule's.
 */
@Module({})
export class CliModule {
  /** `environment`: the run's one validated environment (CliEnvironment). */
  static register(environment: Environment): DynamicModule {
    return {
      module: CliModule,
      imports: [
        configModule({ validated: environment }),
        TypeOrmModule.forRootAsync({
          inject: [databaseConfig.KEY],
          useFactory: (config: ConfigType<typeof databaseConfig>) => ({
            ...dataSourceOptions(config.url || NO_DATABASE, { logging: ['error'] }),
            manualInitialization: true,
          }),
        }),
        ClockModule,
        AccountsModule,
        MoneyModule,
      ],
      // Exactly the services the commands call, with their repositories: AuthModule and
      // ApiKeysModule are not loaded whole, as their guards need the API's throttling.
      providers: [
        InvitesService,
        InviteRepository,
        PasswordResetLinks,
        PasswordResetRepository,
        ApiKeysService,
        ApiKeyRepository,
        KeyAuditRepository,
        DatabaseRepository,
        ReversalService,
        CheckoutSessionRepository,
        StripeEventRepository,
        StripeDisputeRepository,
        StripeWaitingReversalRepository,
      ],
    };
  }
}

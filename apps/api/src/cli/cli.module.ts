import { type DynamicModule, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@reelscout/database';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { InvitesService } from '../auth/invites.service';
import { PasswordResetLinks } from '../auth/password-reset-links';
import { configModule, databaseConfig } from '../config';
import { LedgerModule } from '../ledger/ledger.module';
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

/**
 * The services the CLI's database commands use (see CliContext): the API's own, no HTTP.
 * The commands themselves are CliCommandsModule's.
 */
@Module({})
export class CliModule {
  /** Reads the configuration when called (see AppModule.register). */
  static register(): DynamicModule {
    return {
      module: CliModule,
      imports: [
        configModule(),
        TypeOrmModule.forRootAsync({
          inject: [databaseConfig.KEY],
          useFactory: (config: ConfigType<typeof databaseConfig>) =>
            dataSourceOptions(config.url, { logging: ['error'] }),
        }),
        ClockModule,
        AccountsModule,
        LedgerModule,
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

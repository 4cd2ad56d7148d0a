import { Logger, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { EgressGuard } from './egress-guard';
import { EgressPolicy } from './egress-policy';

/**
 * The egress guard, one per process, built from `OUTBOUND_ALLOW_PRIVATE_HOSTS`. Every module that
 * fetches a URL it did not write (short links, media, captions, webhooks) imports this one.
 */
@Module({
  providers: [
    {
      provide: EgressGuard,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => {
        const policy = EgressPolicy.fromSetting(
          config.get('OUTBOUND_ALLOW_PRIVATE_HOSTS', { infer: true }),
        );
        if (policy.allowances.length > 0) {
          new Logger('Egress').warn(
            `OUTBOUND_ALLOW_PRIVATE_HOSTS is set: outbound requests may reach ${policy.allowances.join(', ')} ` +
              '(private destinations; for test rigs and on-premise installs only)',
          );
        }
        return new EgressGuard(policy);
      },
    },
  ],
  exports: [EgressGuard],
})
export class EgressModule {}

import { Logger, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { egressConfig } from '../config';
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
      inject: [egressConfig.KEY],
      useFactory: (config: ConfigType<typeof egressConfig>) => {
        const policy = EgressPolicy.fromSetting(config.allowPrivateHosts);
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

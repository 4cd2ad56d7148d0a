import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { throttlingConfig } from '../config';
import { HealthModule } from '../health/health.module';
import { HealthService } from '../health/health.service';
import { ApiRateLimitGuard } from './api-rate-limit.guard';
import { AuthAttemptGuard } from './auth-attempt.guard';
import { RateLimitService, THROTTLER_STORAGE } from './rate-limit.service';
import { ResilientThrottlerStorage } from './resilient-throttler.storage';

/** Global: the rate-limit guards are instantiated in every module with a /v1 or /auth controller. */
@Global()
@Module({
  imports: [HealthModule],
  providers: [
    {
      provide: THROTTLER_STORAGE,
      inject: [throttlingConfig.KEY],
      useFactory: (config: ConfigType<typeof throttlingConfig>) =>
        new ResilientThrottlerStorage(config.redisUrl),
    },
    RateLimitService,
    ApiRateLimitGuard,
    AuthAttemptGuard,
  ],
  exports: [RateLimitService, ApiRateLimitGuard, AuthAttemptGuard, THROTTLER_STORAGE],
})
export class ThrottlingModule implements OnModuleInit {
  constructor(
    @Inject(THROTTLER_STORAGE) private readonly storage: ResilientThrottlerStorage,
    private readonly health: HealthService,
  ) {}

  onModuleInit(): void {
    if (this.storage.redis) {
      this.health.register({ name: 'redis', critical: false, ping: () => this.storage.ping() });
    }
  }
}

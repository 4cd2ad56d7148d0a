import { Global, Module } from '@nestjs/common';
import { UsageService } from './usage.service';

/**
 * Global because ApiKeyGuard, which records usage, is instantiated in every module that
 * guards a /v1 controller.
 */
@Global()
@Module({ providers: [UsageService], exports: [UsageService] })
export class UsageModule {}

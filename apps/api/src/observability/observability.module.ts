import { Global, Module } from '@nestjs/common';
import { ExecutionModule } from '../execution/execution.module';
import { BalanceAuditRepository } from '../repositories/balance-audit.repository';
import { JobObservationRepository } from '../repositories/job-observation.repository';
import { MoneyAudit } from './money-audit';
import { ObservabilityService } from './observability.service';

/** Metrics, the money audit and the metrics listener (docs/operations.md). */
@Global()
@Module({
  imports: [ExecutionModule],
  providers: [ObservabilityService, MoneyAudit, BalanceAuditRepository, JobObservationRepository],
  exports: [ObservabilityService, MoneyAudit],
})
export class ObservabilityModule {}

import { Injectable } from '@nestjs/common';
import type { JobView, Mode } from '@reelscout/domain';
import type { Request, Response } from 'express';
import { dashboardCall, ExecutionService } from '../execution/execution.service';
import { checkPriceConfirmation } from '../playground/playground-runs.service';
import { UsageService } from '../usage/usage.service';
import { runOperationOf } from './creator-run.operation';
import { WatchesService } from './watches.service';

/**
 * A dashboard "run now" of a watch: the run `POST /v1/watches/{id}/run` starts, through the same
 * ExecutionService (checks, hold, 402 before work, settlement, usage), as an async job of the
 * signed-in account with no key (`source: dashboard`), like the playground's runs; a live run
 * must confirm its price first, as the playground's must.
 */
@Injectable()
export class AccountWatchRunsService {
  constructor(
    private readonly watches: WatchesService,
    private readonly execution: ExecutionService,
    private readonly usage: UsageService,
  ) {}

  async run(
    accountId: string,
    mode: Mode,
    id: string,
    confirmedPrice: string | undefined,
    req: Request,
    res: Response,
  ): Promise<JobView> {
    // A run refused before its job (no such watch, an unconfirmed price) still leaves a record.
    this.usage.recordDashboardRefusal(req, res, { accountId, mode, operation: 'scan' });
    const job = await this.watches.runByHand(
      { accountId, mode },
      id,
      async (body) => {
        const operation = runOperationOf(body);
        if (mode === 'live') checkPriceConfirmation(operation.hold(body), confirmedPrice);
        return (await this.execution.run(
          operation,
          dashboardCall(accountId, mode, req, res),
          body,
        )) as JobView;
      },
      // An async run that opened its job answered; one that threw opened none.
      () => false,
    );
    res.setHeader('Location', `/account/jobs/${job.id}?mode=${mode}`);
    return job;
  }
}

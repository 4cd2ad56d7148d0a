import { Injectable } from '@nestjs/common';
import {
  DomainError,
  formatUsd,
  type JobView,
  type Micros,
  type Mode,
  type Operation,
} from '@reelscout/domain';
import type { Request, Response } from 'express';
import { createValidationPipe } from '../common/validation/validation.pipe';
import { dashboardCall, ExecutionService } from '../execution/execution.service';
import { OperationCatalog } from '../execution/operation-catalog';
import type { AnyContract } from '../execution/operation.contract';
import { UsageService } from '../usage/usage.service';
import { INPUT_DTOS, type PlaygroundRunDto } from './dto/playground.dto';

/** Where a dashboard run's field errors point: into `input`, as the dashboard sent it. */
export const INPUT_PARAM_PREFIX = 'input.';

/** A field error of the operation's own body, re-pointed into `input` (same code and message). */
export function inInput(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.param === undefined) return error;
  if (error.code !== 'invalid_request') return error;
  return new DomainError(error.code, error.message, {
    param: `${INPUT_PARAM_PREFIX}${error.param}`,
    headers: { ...error.headers },
    cause: error,
  });
}

/**
 * The most a live run with this input can cost, as the dashboard must confirm it: the contract's
 * hold, formatted like every amount (`0.150000`).
 */
export function priceToConfirm(contract: AnyContract, input: unknown): string {
  return formatUsd(contract.hold(input));
}

/** The 400 of a live run whose `confirm_price_usd` is missing or is not the price. */
export function checkPriceConfirmation(price: Micros, confirmed: string | undefined): void {
  const expected = formatUsd(price);
  if (confirmed === expected) return;
  throw new DomainError(
    'price_confirmation_required',
    confirmed === undefined
      ? `A live run costs up to ${expected} USD: send confirm_price_usd "${expected}" to confirm it.`
      : `confirm_price_usd "${confirmed}" is not this run's price: it costs up to ${expected} USD. Confirm that price to run it.`,
    { param: 'confirm_price_usd', headers: { 'x-service-price-usd': expected } },
  );
}

/**
 * Dashboard runs: a signed-in account runs an operation as an async job, exactly as
 * `POST /v1/<operation>` with `Prefer: respond-async` does it, through the same ExecutionService
 * (the same checks, hold and 402 before any work, queue, settlement). The run has no key: its
 * job and usage record carry `key_id` null and `source: dashboard`, and no subject (only the
 * account-wide rules apply, as for a /v1 call without `x-subject`). Live runs must confirm the
 * price first.
 */
@Injectable()
export class PlaygroundRunsService {
  private readonly pipe = createValidationPipe();

  constructor(
    private readonly execution: ExecutionService,
    private readonly catalog: OperationCatalog,
    private readonly usage: UsageService,
  ) {}

  async run(
    accountId: string,
    mode: Mode,
    body: PlaygroundRunDto,
    req: Request,
    res: Response,
  ): Promise<JobView> {
    // Every run leaves a usage record, like every /v1 call (a refusal before the execution module
    // here; any other outcome is the execution module's to record).
    this.usage.recordDashboardRefusal(req, res, { accountId, mode, operation: body.operation });
    const contract = this.catalog.contract(body.operation);
    const input = await this.validInput(body.operation, body.input);
    try {
      for (const check of contract.checks ?? []) check(input);
    } catch (error) {
      throw inInput(error);
    }
    if (mode === 'live') checkPriceConfirmation(contract.hold(input), body.confirm_price_usd);
    const job = (await this.execution.run(
      contract,
      dashboardCall(accountId, mode, req, res),
      input,
    )) as JobView;
    res.setHeader('Location', `/account/jobs/${job.id}?mode=${mode}`);
    return job;
  }

  /** The operation's own body DTO, validated by the global pipe's rules (the /v1 route's). */
  private async validInput(operation: Operation, input: unknown): Promise<unknown> {
    try {
      return (await this.pipe.transform(input, {
        type: 'body',
        metatype: INPUT_DTOS[operation],
      })) as unknown;
    } catch (error) {
      throw inInput(error);
    }
  }
}

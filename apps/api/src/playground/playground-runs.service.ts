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
import { assistOperation } from '../assist/assist.operation';
import { requestIdOf } from '../common/http/request-id';
import { createValidationPipe } from '../common/validation/validation.pipe';
import { musicOperation } from '../music/music.operation';
import type { OperationContract } from '../operation-runner/operation.contract';
import { OperationRunner } from '../operation-runner/operation.runner';
import { playbookOperation } from '../playbook/playbook.operation';
import type { OperationLocals } from '../request-context/operation-locals';
import { scanOperation } from '../scan/scan.operation';
import { UsageService } from '../usage/usage.service';
import { INPUT_DTOS, type PlaygroundRunDto } from './dto/playground.dto';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyContract = OperationContract<any, any, any>;

/** Each operation's contract: the one the /v1 route runs (hold, checks, deadline, work, charge). */
const CONTRACTS: Record<Operation, AnyContract> = {
  assist: assistOperation,
  scan: scanOperation,
  playbook: playbookOperation,
  music: musicOperation,
};

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
 * The most a live run of `operation` with this input can cost, as the dashboard must confirm it:
 * the contract's hold, formatted like every amount (`0.150000`).
 */
export function priceToConfirm(operation: Operation, input: unknown): string {
  return formatUsd(CONTRACTS[operation].hold(input));
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
 * Dashboard runs (issue 21): a signed-in account runs an operation as an async job, exactly as
 * `POST /v1/<operation>` with `Prefer: respond-async` does it, through the same OperationRunner
 * (the same checks, hold and 402 before any work, queue, capture or void). The run has no key: its
 * job and usage record carry `key_id` null and `source: dashboard`, and no subject (only the
 * account-wide rules apply, as for a /v1 call without `x-subject`). Live runs must confirm the
 * price first.
 */
@Injectable()
export class PlaygroundRunsService {
  private readonly pipe = createValidationPipe();

  constructor(
    private readonly runner: OperationRunner,
    private readonly usage: UsageService,
  ) {}

  async run(
    accountId: string,
    mode: Mode,
    body: PlaygroundRunDto,
    req: Request,
    res: Response,
  ): Promise<JobView> {
    this.recordUsageWhenDone(accountId, mode, body.operation, req, res);
    const contract = CONTRACTS[body.operation];
    const input = await this.validInput(body.operation, body.input);
    try {
      for (const check of contract.checks ?? []) check(input);
    } catch (error) {
      throw inInput(error);
    }
    if (mode === 'live') checkPriceConfirmation(contract.hold(input), body.confirm_price_usd);
    const job = (await this.runner.run(
      contract,
      {
        caller: { accountId, keyId: null, mode, subject: null, source: 'dashboard' },
        req,
        res,
        prefer: { kind: 'async' },
      },
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

  /**
   * Every run leaves a usage record, like every /v1 call: a refusal (400, 402, 503) once its
   * response is sent; an accepted run when its job ends (the job writes it).
   */
  private recordUsageWhenDone(
    accountId: string,
    mode: Mode,
    operation: Operation,
    req: Request,
    res: Response,
  ): void {
    this.usage.recordWhenDone(res, () => {
      const locals = res.locals as OperationLocals & { startedAt?: number };
      if (locals.jobRecordsUsage) return null;
      return {
        requestId: requestIdOf(req),
        accountId,
        keyId: null,
        mode,
        subject: null,
        operation,
        market: null,
        status: res.statusCode,
        errorCode: locals.errorCode ?? null,
        charged: 0,
        durationMs: locals.startedAt ? performance.now() - locals.startedAt : 0,
        source: 'dashboard',
      };
    });
  }
}

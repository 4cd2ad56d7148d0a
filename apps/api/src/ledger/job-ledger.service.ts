import { Injectable } from '@nestjs/common';
import type { DomainError, Micros } from '@reelscout/domain';
import type { EntityManager } from 'typeorm';
import { LedgerRepository } from '../repositories/ledger.repository';
import {
  HoldRefused,
  type AttemptHold,
  type FencedAttempt,
  type NewJobWithHold,
  type StatusMove,
} from '../repositories/ledger.types';
import { BillingService } from './billing.service';

export type {
  ErrorEnding,
  FencedAttempt,
  JobEnded,
  NewJobWithHold,
  SettledSuccess,
  StatusMove,
  UsageFacts,
} from '../repositories/ledger.types';

/** A hold that was placed, or the 402 its refusal answers with (nothing was written). */
export type HoldOutcome = { holdId: string } | { refused: DomainError };

/**
 * The holds of a paid call's job, each one statement of LedgerRepository (docs/architecture.md
 * §5): the job created with its hold, and a new hold for a later attempt, a refusal turned into
 * the 402 the call answers with. The settlements (capture, void, requeue, late charge) are
 * LedgerRepository's own methods, which JobSettlement calls.
 */
@Injectable()
export class JobLedger {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly billing: BillingService,
  ) {}

  /** Creates the job with its hold (in `manager`'s transaction when given), or its 402. */
  async openJob(job: NewJobWithHold, manager?: EntityManager): Promise<HoldOutcome> {
    return this.hold(
      job,
      job.holdAmount,
      () => this.ledger.createJobWithHold(job, manager),
      (id) => ({
        holdId: id,
      }),
    );
  }

  /**
   * A new hold for an attempt without one (a requeued or recovered job), counted in its windows
   * but not limited (the job was accepted within them); only short credit refuses it. `null`: the
   * attempt no longer holds the job.
   */
  async holdForAttempt(
    attempt: FencedAttempt & { from: StatusMove['from'] },
    hold: AttemptHold,
  ): Promise<HoldOutcome | null> {
    return this.hold(
      { ...attempt, keyId: hold.keyId, subject: hold.subject },
      hold.amount,
      () => this.ledger.holdForAttempt(attempt, hold),
      (placed) => (placed.fenced ? { holdId: placed.holdId! } : null),
    );
  }

  /** A hold statement's outcome, its refusal turned into the 402 the caller answers with. */
  private async hold<T, R>(
    party: {
      accountId: string;
      mode: FencedAttempt['mode'];
      keyId: string | null;
      subject: string | null;
    },
    amount: Micros,
    place: () => Promise<T>,
    placed: (result: T) => R,
  ): Promise<R | { refused: DomainError }> {
    try {
      return placed(await place());
    } catch (error) {
      if (error instanceof HoldRefused) {
        return { refused: await this.billing.refusal(party, amount, error) };
      }
      throw error;
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { DomainError, Micros } from '@reelscout/domain';
import type { EntityManager } from 'typeorm';
import { LedgerRepository } from '../repositories/ledger.repository';
import {
  HoldRefused,
  type AttemptHold,
  type ErrorEnding,
  type FencedAttempt,
  type NewJobWithHold,
  type Settled,
  type SettledSuccess,
  type StatusMove,
  type UsageFacts,
} from '../repositories/ledger.types';
import { BillingService } from './billing.service';

export type {
  ErrorEnding,
  FencedAttempt,
  NewJobWithHold,
  Settled,
  SettledSuccess,
  StatusMove,
  UsageFacts,
} from '../repositories/ledger.types';

/** A hold that was placed, or the 402 its refusal answers with (nothing was written). */
export type HoldOutcome = { holdId: string } | { refused: DomainError };

/**
 * The money moves of a paid call's job, each one statement of LedgerRepository (docs/architecture.md
 * §5): the job created with its hold, a new hold for a later attempt, the settlement of a success
 * (capture) or of any other ending (void), the move back to the queue (void), and the late charge
 * of a success whose hold the reaper voided first. Every settlement writes the call's usage
 * record in the same statement. The status moves (`from`, `to`) are the execution module's state
 * machine's; this service does not decide them.
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

  settleSuccess(
    attempt: FencedAttempt,
    move: StatusMove,
    success: { charge: Micros; result: string; retentionSeconds: number; usage: UsageFacts },
    manager?: EntityManager,
  ): Promise<SettledSuccess> {
    if (!Number.isSafeInteger(success.charge) || success.charge < 0) {
      throw new RangeError(`charge ${success.charge} is not a whole number of micros`);
    }
    return this.ledger.settleSuccess(attempt, move, success, manager);
  }

  /** Settles an attempt (or a queued job: `attempt` null) that ends without a charge. */
  settleWithoutCharge(
    job: Omit<FencedAttempt, 'attempt'> & { attempt: number | null },
    move: StatusMove,
    ending: ErrorEnding,
    usage: UsageFacts,
    manager?: EntityManager,
  ): Promise<Settled> {
    return this.ledger.settleWithoutCharge(job, move, ending, usage, manager);
  }

  /** Moves a running attempt's job back to the queue, its hold voided; whether it did. */
  requeue(
    attempt: FencedAttempt,
    move: StatusMove,
    recovery: boolean,
    manager: EntityManager,
  ): Promise<boolean> {
    return this.ledger.requeue(attempt, move, recovery, manager);
  }

  /**
   * Charges a succeeded job whose hold the reaper voided: once, only if the credit and its
   * windows still have room; otherwise it is free. Null when its charge was already set.
   */
  chargeReapedHold(
    job: { id: string; holdId: string; accountId: string; mode: FencedAttempt['mode'] },
    charge: Micros,
    usage: UsageFacts,
  ): Promise<{ charged: Micros; balance: Micros } | null> {
    return this.ledger.chargeReapedHold(job, charge, usage);
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

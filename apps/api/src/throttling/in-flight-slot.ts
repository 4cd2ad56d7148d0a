import type { Response } from 'express';

/**
 * One in-flight slot of a slow operation (scan, playbook, music), taken by ApiRateLimitGuard.
 *
 * It is given back exactly once, when the work it stands for is over:
 * - the operation claims it when it starts (`claimInFlightSlot`, called by OperationRunner) and
 *   releases it when it settles: a client that hangs up does not stop the work (it runs on and
 *   is captured), so the slot stays taken until then;
 * - a call that never reached the operation (a validation error after the guard, a handler that
 *   threw first) releases it when its response ends.
 */
export class InFlightSlot {
  private claimed = false;
  private released?: Promise<void>;

  constructor(private readonly giveBack: () => Promise<void>) {}

  get isClaimed(): boolean {
    return this.claimed;
  }

  claim(): this {
    this.claimed = true;
    return this;
  }

  /** Idempotent: the store sees one release however often this is called. Never rejects. */
  release(): Promise<void> {
    this.released ??= this.giveBack().catch(() => undefined);
    return this.released;
  }
}

const slots = new WeakMap<Response, InFlightSlot>();

/** Ties `slot` to this response: released when the response ends unless an operation claimed it. */
export function attachInFlightSlot(res: Response, slot: InFlightSlot): void {
  slots.set(res, slot);
  const releaseUnclaimed = () => {
    if (!slot.isClaimed) void slot.release();
  };
  if (res.closed || res.writableFinished) {
    // The client left while the slot was being taken: no 'close' is coming. The handler (if it
    // runs) claims the slot in the same run of microtasks, before this fires.
    setImmediate(releaseUnclaimed);
    return;
  }
  res.once('finish', releaseUnclaimed);
  res.once('close', releaseUnclaimed);
}

/**
 * Called by an operation as it starts: from then on its slot (if the call took one) is
 * released only by the operation, when it settles.
 */
export function claimInFlightSlot(res: Response): InFlightSlot | undefined {
  return slots.get(res)?.claim();
}

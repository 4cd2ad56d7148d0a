import type { Mode } from '@reelscout/domain';

/** The accounts and modes one queue's slots may not take more of, as the fair claim reads them. */
export interface SlotExclusions {
  fullLive: string[];
  fullTest: string[];
  testAllowed: boolean;
}

/**
 * Who holds one queue's slots on this worker, and so whose jobs the next claim may not take:
 * - test-mode jobs, all accounts together, hold at most `testShare` of the slots, so the rest are
 *   always free of test work when a live job arrives (a test job that waits costs nobody money;
 *   a live job that waits behind free test traffic does);
 * - one account holds at most `accountShare` of the slots its job's mode may use (all of them
 *   for live, the test share for test), so another account's job finds a slot free at once.
 * Shares are rounded down, to at least one slot. They hold even when one account is the only one
 * with queued work: its jobs may keep their slots until their deadline (a stalled provider), and
 * a slot it took while alone could not be given back when another account's job arrives.
 */
export class SlotShares {
  private readonly running = new Map<string, number>();
  private testRunning = 0;
  readonly testSlots: number;
  private readonly accountCap: Record<Mode, number>;

  constructor(slots: number, accountShare: number, testShare: number) {
    this.testSlots = Math.max(1, Math.floor(slots * testShare));
    this.accountCap = {
      live: Math.max(1, Math.floor(slots * accountShare)),
      test: Math.max(1, Math.floor(this.testSlots * accountShare)),
    };
  }

  /** The most slots one account's jobs of `mode` may hold. */
  capOf(mode: Mode): number {
    return this.accountCap[mode];
  }

  exclusions(): SlotExclusions {
    const fullLive: string[] = [];
    const fullTest: string[] = [];
    for (const [account, held] of this.running) {
      if (held >= this.accountCap.live) fullLive.push(account);
      if (held >= this.accountCap.test) fullTest.push(account);
    }
    return { fullLive, fullTest, testAllowed: this.testRunning < this.testSlots };
  }

  take(accountId: string, mode: Mode): void {
    this.running.set(accountId, (this.running.get(accountId) ?? 0) + 1);
    if (mode === 'test') this.testRunning++;
  }

  give(accountId: string, mode: Mode): void {
    const held = (this.running.get(accountId) ?? 0) - 1;
    if (held > 0) this.running.set(accountId, held);
    else this.running.delete(accountId);
    if (mode === 'test') this.testRunning = Math.max(0, this.testRunning - 1);
  }
}

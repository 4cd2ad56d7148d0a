import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The time rules read: key expiry, spend-limit windows (UTC day and month). One injectable so
 * tests can move time (set `now`) instead of sleeping; SQL that needs "now" for such a rule is
 * passed this clock's value rather than calling now().
 */
@Injectable()
export class Clock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  /** Tests: freeze time at `at` (null: real time again). */
  set(at: Date | null): void {
    this.fixed = at;
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}

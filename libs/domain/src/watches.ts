import type { WatchInterval } from './views/watch.view';

const STEP_MS: Record<WatchInterval, number> = { hourly: 3_600_000, daily: 86_400_000 };

/** How long one interval lasts, in ms. */
export function watchStepMs(interval: WatchInterval): number {
  return STEP_MS[interval];
}

/**
 * A due watch's run: the slot it runs for and the next slot. Slots keep the phase of the watch's
 * first one (`due`, every `interval` from it). Slots missed while nothing ran collapse into one
 * run, for the latest slot not after `now`; the next slot is the first one after `now`.
 */
export function watchSlot(
  due: Date,
  now: Date,
  interval: WatchInterval,
): { slotAt: Date; nextRunAt: Date } {
  const step = STEP_MS[interval];
  const behind = Math.max(0, now.getTime() - due.getTime());
  const slotAt = due.getTime() + Math.floor(behind / step) * step;
  return { slotAt: new Date(slotAt), nextRunAt: new Date(slotAt + step) };
}

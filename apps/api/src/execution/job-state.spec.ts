import { JOB_STATUSES, type JobStatus } from '@reelscout/domain';
import {
  cancelable,
  FINAL_STATUSES,
  IllegalTransition,
  initialStatus,
  transition,
  type JobEvent,
} from './job-state';

const EVENTS: JobEvent[] = ['claim', 'succeed', 'fail', 'cancel', 'requeue', 'expire'];

/**
 * The whole machine as a table: every (status, event) pair, and where it leads (`null`: not
 * allowed). A move added to or removed from job-state.ts without changing this table fails here.
 */
const TABLE: Record<JobStatus, Record<JobEvent, JobStatus | null>> = {
  queued: {
    claim: 'running',
    succeed: null,
    fail: null,
    cancel: 'canceled',
    requeue: null,
    expire: 'failed',
  },
  running: {
    claim: null,
    succeed: 'succeeded',
    fail: 'failed',
    cancel: 'canceled',
    requeue: 'queued',
    expire: null,
  },
  succeeded: { claim: null, succeed: null, fail: null, cancel: null, requeue: null, expire: null },
  failed: { claim: null, succeed: null, fail: null, cancel: null, requeue: null, expire: null },
  canceled: { claim: null, succeed: null, fail: null, cancel: null, requeue: null, expire: null },
};

/** The moves that end the call and settle its money (the hold captured or voided). */
const SETTLING: [JobStatus, JobEvent][] = [
  ['queued', 'cancel'],
  ['queued', 'expire'],
  ['running', 'succeed'],
  ['running', 'fail'],
  ['running', 'cancel'],
];

describe('the job state machine', () => {
  const cases = JOB_STATUSES.flatMap((from) =>
    EVENTS.map((event) => [from, event, TABLE[from][event]] as const),
  );

  it.each(cases)('%s --%s--> %s', (from, event, to) => {
    if (to === null) {
      expect(() => transition(from, event)).toThrow(IllegalTransition);
    } else {
      const move = transition(from, event);
      expect({ from: move.from, to: move.to }).toEqual({ from, to });
      expect(move.settles).toBe(SETTLING.some(([f, e]) => f === from && e === event));
    }
  });

  it('a settling move always ends the job; no move leaves an ended job', () => {
    for (const [from, event] of SETTLING)
      expect(FINAL_STATUSES).toContain(transition(from, event).to);
    for (const status of FINAL_STATUSES) {
      for (const event of EVENTS)
        expect(() => transition(status, event)).toThrow(IllegalTransition);
      expect(cancelable(status)).toBe(false);
    }
    expect(cancelable('queued')).toBe(true);
    expect(cancelable('running')).toBe(true);
  });

  it('a synchronous call starts running (its first attempt claimed); an async one is queued', () => {
    expect(initialStatus('sync')).toBe('running');
    expect(initialStatus('async')).toBe('queued');
  });
});

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `jobs.trace_parent`: the W3C `traceparent` of the request (or scheduler tick) that queued the
 * job, so the worker's attempt joins that trace. Written with the job's queue message, in the
 * transaction that queues it; null when tracing is off. At most 55 characters by the standard.
 */
export class JobTraceContext1763703400000 implements MigrationInterface {
  name = 'JobTraceContext1763703400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE jobs ADD COLUMN trace_parent text CONSTRAINT jobs_trace_parent_length CHECK (length(trace_parent) <= 55)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs DROP COLUMN trace_parent`);
  }
}

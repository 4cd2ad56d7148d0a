import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface QueuedJobs {
  operation: string;
  mode: string;
  depth: number;
  /** Seconds since the oldest of them was queued. */
  oldest: number;
}

/**
 * `jobs`, read for metrics and traces: the queue's depth and age at a scrape (the queued-status
 * index), and the trace a job was queued in. Read only. Owned by ObservabilityModule.
 */
@Injectable()
export class JobObservationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Jobs in the status `queued` (the state machine's name for it, passed in so no status is
   * written here), by operation and mode. An unnamed statement is planned with its parameter's
   * value, so the planner still reads the partial index `jobs_queued_idx`.
   */
  queuedByOperation(queued: string): Promise<QueuedJobs[]> {
    return this.dataSource.query(
      `SELECT operation, mode::text AS mode, count(*)::int AS depth,
              extract(epoch FROM now() - min(created_at))::float8 AS oldest
         FROM jobs WHERE status = $1 GROUP BY operation, mode`,
      [queued],
    );
  }

  async traceParentOf(id: string): Promise<string | null> {
    const rows: { trace_parent: string | null }[] = await this.dataSource.query(
      `SELECT trace_parent FROM jobs WHERE id = $1`,
      [id],
    );
    return rows[0]?.trace_parent ?? null;
  }
}

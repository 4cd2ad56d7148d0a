import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `jobs.queue_message_id`: the queue message that carries a queued job to a worker, as the queue
 * (pg-boss) numbered it. The job sweeper asks the queue about that message through its API to
 * tell a lost message (used up by a worker that died before starting the job) from one still
 * waiting, instead of reading the queue's own tables.
 */
export class JobQueueMessage1763701500000 implements MigrationInterface {
  name = 'JobQueueMessage1763701500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs ADD COLUMN queue_message_id uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs DROP COLUMN queue_message_id`);
  }
}

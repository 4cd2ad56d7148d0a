import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deliveries claimed per endpoint, and a delivery that was never sent says why.
 *
 * - `webhook_deliveries_pending_idx` `(endpoint_id, next_attempt_at, id)` over pending rows: the
 *   sender's claim finds each endpoint with pending deliveries by one probe of it (a skip scan)
 *   and reads at most its account's share of that endpoint's oldest due rows, so a claim's cost
 *   grows with the number of busy endpoints, not with any one account's backlog. An endpoint
 *   belongs to one account, so it is a per-account index as well; being per endpoint, the
 *   waiting rows of a disabled endpoint are never read. It also counts an account's pending
 *   deliveries against `WEBHOOK_MAX_PENDING_PER_ACCOUNT`. Its predicate requires
 *   `next_attempt_at` (as the status indexes do, see status-indexes-out-of-lookups), so a lookup
 *   by id cannot choose it. It replaces `webhook_deliveries_due_idx`, which only the old claim
 *   read.
 * - `failure_reason`: why a delivery ended without an attempt; `backlog_full` when the account
 *   already had as many pending deliveries as it may when the event was written.
 */
export class WebhookDeliveriesPerEndpoint1763702800000 implements MigrationInterface {
  name = 'WebhookDeliveriesPerEndpoint1763702800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`SET LOCAL lock_timeout = '10s'`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD COLUMN failure_reason text
         CHECK (failure_reason IN ('backlog_full'))`,
    );
    await q.query(
      `CREATE INDEX webhook_deliveries_pending_idx
         ON webhook_deliveries (endpoint_id, next_attempt_at, id)
         WHERE status = 'pending' AND next_attempt_at IS NOT NULL`,
    );
    await q.query(`DROP INDEX webhook_deliveries_due_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`SET LOCAL lock_timeout = '10s'`);
    await q.query(
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
         WHERE status = 'pending' AND next_attempt_at IS NOT NULL`,
    );
    await q.query(`DROP INDEX webhook_deliveries_pending_idx`);
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN failure_reason`);
  }
}

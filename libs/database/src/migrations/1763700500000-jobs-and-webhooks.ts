import PgBoss from 'pg-boss';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every paid /v1 call is a job (sync, run at once by the instance that received it, or async,
 * run by a worker from the pg-boss queue), and webhook endpoints receive signed events when a
 * job ends. Deliveries are an outbox: written in the transaction that ends the job, sent and
 * retried by the dispatcher, each attempt logged.
 */
export class JobsAndWebhooks1763700500000 implements MigrationInterface {
  name = 'JobsAndWebhooks1763700500000';

  async up(q: QueryRunner): Promise<void> {
    // The queue's own schema (pg-boss 10), created here once rather than by the first process to
    // start: several API and worker processes starting together never race to create it.
    await q.query(PgBoss.getConstructionPlans('pgboss'));
    // Its two queues too: creating a queue attaches a partition to pgboss.job, and two processes
    // doing that at once deadlock. Retries are ours (the sweeper recovers a dead attempt and
    // re-sends a lost message); an active message expires after 15 min, past every deadline.
    for (const name of ['jobs-light', 'jobs-heavy']) {
      await q.query(`SELECT pgboss.create_queue($1, $2)`, [
        name,
        JSON.stringify({ policy: 'standard', retryLimit: 0, expireInSeconds: 900 }),
      ]);
    }
    await q.query(`
      CREATE TABLE jobs (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL,
        subject text,
        operation text NOT NULL,
        execution text NOT NULL CHECK (execution IN ('sync', 'async')),
        status text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'canceled')),
        request jsonb,
        request_id text NOT NULL,
        idempotency_key text,
        hold_id uuid,
        hold_amount bigint NOT NULL CHECK (hold_amount >= 0),
        charged bigint CHECK (charged >= 0),
        balance_after bigint,
        progress real NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
        http_status integer,
        result jsonb,
        error jsonb,
        attempt integer NOT NULL DEFAULT 0,
        -- Dead attempts recovered by the sweeper (a shutdown's requeue is not one).
        recoveries integer NOT NULL DEFAULT 0,
        -- Set in the statement that ends the job: its webhook event is still to be written (the
        -- job row is the outbox; the publisher turns it into deliveries and clears it).
        events_pending boolean NOT NULL DEFAULT false,
        cancel_requested_at timestamptz,
        heartbeat_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        result_expires_at timestamptz,
        result_purged_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX jobs_account_created_idx ON jobs (account_id, mode, created_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX jobs_running_idx ON jobs (heartbeat_at) WHERE status = 'running'`);
    await q.query(`CREATE INDEX jobs_queued_idx ON jobs (created_at) WHERE status = 'queued'`);
    await q.query(
      `CREATE INDEX jobs_events_pending_idx ON jobs (finished_at) WHERE events_pending`,
    );
    await q.query(
      `CREATE INDEX jobs_result_expiry_idx ON jobs (result_expires_at) WHERE result_purged_at IS NULL AND result_expires_at IS NOT NULL`,
    );
    await q.query(`ALTER TABLE idempotency_keys ADD COLUMN job_id uuid`);

    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        url text NOT NULL,
        events text[] NOT NULL,
        status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        disabled_reason text,
        secret_ciphertext text NOT NULL,
        previous_secret_ciphertext text,
        previous_secret_expires_at timestamptz,
        failing_since timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (account_id, mode) WHERE deleted_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        message_id text NOT NULL,
        event_type text NOT NULL,
        -- The exact bytes that are signed and sent (text: a job's result may hold characters
        -- jsonb refuses, such as a lone surrogate echoed from a brief).
        payload text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        manual boolean NOT NULL DEFAULT false,
        last_status_code integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`,
    );
    await q.query(
      `CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC)`,
    );
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        attempted_at timestamptz NOT NULL DEFAULT now(),
        status_code integer,
        latency_ms integer NOT NULL,
        error text
      )`);
    await q.query(
      `CREATE INDEX webhook_delivery_attempts_delivery_idx ON webhook_delivery_attempts (delivery_id, attempt)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_delivery_attempts`);
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN job_id`);
    await q.query(`DROP TABLE jobs`);
    await q.query(`DROP SCHEMA pgboss CASCADE`);
  }
}

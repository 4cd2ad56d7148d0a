import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Mode, WebhookDeliveryFailureReason } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { SqlParams } from './sql-params';

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One `webhook_deliveries` row as Postgres returns it. */
export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  account_id: string;
  message_id: string;
  event_type: string;
  /** The JSON text that is signed and sent, byte for byte. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  manual: boolean;
  last_status_code: number | null;
  /** Why it ended without being sent (`backlog_full`), or null. */
  failure_reason: WebhookDeliveryFailureReason | null;
  created_at: Date;
  finished_at: Date | null;
}

export type { WebhookDeliveryFailureReason };

/** A due delivery, claimed for one attempt, with what sending it needs from its endpoint. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  /** Whose: the sender holds each account to its share of the attempts in flight. */
  account_id: string;
  message_id: string;
  payload: WebhookDeliveryRow['payload'];
  /** Attempts recorded before this one: the fence of the attempt's result. */
  attempts: number;
  manual: boolean;
  mode: Mode;
  url: string;
  secret_ciphertext: string;
  /** Null once the rotation grace period is over. */
  previous_secret_ciphertext: string | null;
}

/** What one attempt did to its delivery. */
export type AttemptResult =
  | { kind: 'succeeded'; statusCode: number }
  | { kind: 'retry'; statusCode: number | null; delayMs: number }
  | { kind: 'failed'; statusCode: number | null };

const COLUMNS = `id, endpoint_id, account_id, message_id, event_type, payload, status, attempts,
  next_attempt_at, manual, last_status_code, failure_reason, created_at, finished_at`;

/**
 * The sender's claim of due deliveries, fair across accounts, at a cost that does not grow with
 * any one account's backlog: the endpoints with pending deliveries are found by a skip scan of
 * `webhook_deliveries_pending_idx` (one probe per endpoint, however many rows each has); for each
 * enabled one, at most its account's room (the share less what it already has in flight) of its
 * oldest due rows are read (LATERAL … LIMIT); then each account keeps its oldest up to its room,
 * and the rest are taken round by round (every account's first, then every second, …), so one
 * account's backlog never fills the sender. $1 the limit, $2 the lease in milliseconds, $3/$4 the
 * accounts with attempts in flight here and how many, $5 the share.
 */
export const CLAIM_DUE_SQL = `WITH RECURSIVE busy AS (
         (SELECT d.endpoint_id FROM webhook_deliveries d
           WHERE d.status = 'pending' AND d.next_attempt_at IS NOT NULL
           ORDER BY d.endpoint_id LIMIT 1)
         UNION ALL
         SELECT (SELECT d.endpoint_id FROM webhook_deliveries d
                  WHERE d.status = 'pending' AND d.next_attempt_at IS NOT NULL
                    AND d.endpoint_id > busy.endpoint_id
                  ORDER BY d.endpoint_id LIMIT 1)
           FROM busy WHERE busy.endpoint_id IS NOT NULL),
       ready AS (
         SELECT e.id, e.account_id, greatest($5::int - coalesce(held.n, 0), 0) AS room
           FROM busy JOIN webhook_endpoints e ON e.id = busy.endpoint_id
           LEFT JOIN unnest($3::uuid[], $4::int[]) AS held(account_id, n)
             ON held.account_id = e.account_id
          WHERE e.status = 'enabled' AND e.deleted_at IS NULL),
       due AS (
         SELECT x.id, ready.account_id, x.next_attempt_at, ready.room,
                row_number() OVER (PARTITION BY ready.account_id
                                   ORDER BY x.next_attempt_at, x.id) AS nth
           FROM ready CROSS JOIN LATERAL (
                  SELECT d.id, d.next_attempt_at FROM webhook_deliveries d
                   WHERE d.endpoint_id = ready.id AND d.status = 'pending'
                     AND d.next_attempt_at <= now()
                   ORDER BY d.next_attempt_at, d.id
                   LIMIT ready.room) x),
       fair AS (
         SELECT due.id FROM due
          WHERE due.nth <= due.room
          ORDER BY due.nth, due.next_attempt_at
          LIMIT $1),
       claimed AS (
         SELECT d.id FROM webhook_deliveries d
          WHERE d.id IN (SELECT fair.id FROM fair)
            AND d.status = 'pending' AND d.next_attempt_at <= now()
          FOR UPDATE OF d SKIP LOCKED)
       UPDATE webhook_deliveries d
          SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
         FROM claimed, webhook_endpoints e
        WHERE d.id = claimed.id AND e.id = d.endpoint_id
        RETURNING d.id, d.endpoint_id, d.account_id, d.message_id, d.payload, d.attempts, d.manual,
                  e.mode, e.url, e.secret_ciphertext,
                  CASE WHEN e.previous_secret_expires_at > now()
                       THEN e.previous_secret_ciphertext END AS previous_secret_ciphertext`;

/**
 * `webhook_deliveries`: the outbox. Owned by WebhooksModule (WebhookOutbox writes, the dispatcher
 * sends, WebhookEndpointsService reads and redelivers). A claim moves `next_attempt_at` past the
 * attempt's deadline (a lease: a process that dies mid-attempt leaves the delivery due again),
 * and an attempt's result is written only if `attempts` is still what the claim saw, so a
 * delivery claimed twice (a stalled process) is recorded once.
 */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * In the caller's transaction: one delivery for each enabled endpoint of (account, mode)
   * subscribed to `eventType`, each with a message id of its own; how many are pending. Pending
   * and due now while the account's pending deliveries of that mode are fewer than
   * `maxPending`; past it, stored as failed with `failure_reason: backlog_full` (shown in the
   * delivery log, never sent), so the backlog stops growing and no event vanishes silently. The
   * count reads at most `maxPending` entries of `webhook_deliveries_pending_idx`; events written
   * at the same moment may each see room for one more.
   */
  async enqueue(
    manager: EntityManager,
    event: { accountId: string; mode: Mode; eventType: string; payload: string },
    maxPending: number,
  ): Promise<{ pending: number; refused: number }> {
    const rows: { status: WebhookDeliveryStatus }[] = await manager.query(
      `WITH backlog AS (
           SELECT count(*) < $5 AS room FROM (
             SELECT 1 FROM webhook_deliveries d
              WHERE d.endpoint_id IN (SELECT e.id FROM webhook_endpoints e
                                       WHERE e.account_id = $1 AND e.mode = $2)
                AND d.status = 'pending' AND d.next_attempt_at IS NOT NULL
              LIMIT $5) AS counted)
       INSERT INTO webhook_deliveries (endpoint_id, account_id, message_id, event_type, payload,
                                       status, next_attempt_at, finished_at, failure_reason)
       SELECT e.id, e.account_id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), $3, $4,
              CASE WHEN backlog.room THEN 'pending' ELSE 'failed' END,
              CASE WHEN backlog.room THEN now() END,
              CASE WHEN backlog.room THEN NULL ELSE now() END,
              CASE WHEN backlog.room THEN NULL ELSE 'backlog_full' END
         FROM webhook_endpoints e, backlog
        WHERE e.account_id = $1 AND e.mode = $2 AND e.status = 'enabled' AND e.deleted_at IS NULL
          AND $3 = ANY(e.events)
       RETURNING status`,
      [event.accountId, event.mode, event.eventType, event.payload, maxPending],
    );
    const pending = rows.filter((row) => row.status === 'pending').length;
    return { pending, refused: rows.length - pending };
  }

  /**
   * Claims up to `limit` due deliveries of enabled endpoints (`SKIP LOCKED`: processes never
   * claim the same row) and leases them for `leaseMs`. No account gets more than `share` less
   * what `held` says it has in flight already (see CLAIM_DUE_SQL).
   */
  async claimDue(
    limit: number,
    leaseMs: number,
    fairness: { share: number; held: ReadonlyMap<string, number> },
  ): Promise<ClaimedDelivery[]> {
    const rows: [ClaimedDelivery[], number] = await this.dataSource.query(CLAIM_DUE_SQL, [
      limit,
      leaseMs,
      [...fairness.held.keys()],
      [...fairness.held.values()],
      fairness.share,
    ]);
    return rows[0];
  }

  /**
   * Writes one attempt's result, fenced by the attempts the claim saw. False when another claim
   * recorded first (the attempt is then not logged).
   */
  async recordAttempt(
    manager: EntityManager,
    deliveryId: string,
    attemptsBefore: number,
    result: AttemptResult,
  ): Promise<boolean> {
    const params = new SqlParams();
    const sets = [`attempts = attempts + 1`, `last_status_code = ${params.add(result.statusCode)}`];
    if (result.kind === 'retry') {
      sets.push(
        `next_attempt_at = now() + make_interval(secs => ${params.add(result.delayMs)}::double precision / 1000)`,
      );
    } else {
      sets.push(
        `status = ${params.add(result.kind)}`,
        'next_attempt_at = NULL',
        'manual = false',
        'finished_at = now()',
      );
    }
    const rows: [{ id: string }[], number] = await manager.query(
      `UPDATE webhook_deliveries SET ${sets.join(', ')}
        WHERE id = ${params.add(deliveryId)} AND attempts = ${params.add(attemptsBefore)}
          AND status = 'pending'
        RETURNING id`,
      params.values,
    );
    return rows[0].length === 1;
  }

  /** One delivery of an endpoint; another endpoint's is null. */
  async getForEndpoint(endpointId: string, id: string): Promise<WebhookDeliveryRow | null> {
    const rows: WebhookDeliveryRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2`,
      [id, endpointId],
    );
    return rows[0] ?? null;
  }

  /** A page of an endpoint's deliveries, newest first, after `startingAfter`'s row. */
  async listForEndpoint(
    endpointId: string,
    page: { limit: number; startingAfter: WebhookDeliveryRow | null },
  ): Promise<WebhookDeliveryRow[]> {
    const params = new SqlParams();
    const after = page.startingAfter
      ? ` AND (created_at, id) < (SELECT created_at, id FROM webhook_deliveries WHERE id = ${params.add(page.startingAfter.id)}::uuid)`
      : '';
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM webhook_deliveries
        WHERE endpoint_id = ${params.add(endpointId)}${after}
        ORDER BY created_at DESC, id DESC
        LIMIT ${params.add(page.limit)}`,
      params.values,
    );
  }

  /**
   * A manual redelivery, due now, same message id. A pending delivery is only brought forward
   * (its schedule goes on); a finished one gets one more attempt (`manual`), which ends it
   * whatever it answers.
   */
  async redeliver(endpointId: string, id: string): Promise<WebhookDeliveryRow | null> {
    const rows: [WebhookDeliveryRow[], number] = await this.dataSource.query(
      `UPDATE webhook_deliveries
          SET manual = (status <> 'pending') OR manual,
              status = 'pending', next_attempt_at = now(), finished_at = NULL,
              failure_reason = NULL
        WHERE id = $1 AND endpoint_id = $2
        RETURNING ${COLUMNS}`,
      [id, endpointId],
    );
    return rows[0][0] ?? null;
  }

  /** A deleted endpoint's pending deliveries will never be sent: they end as failed. */
  async failPendingOfEndpoint(endpointId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, finished_at = now()
        WHERE endpoint_id = $1 AND status = 'pending'`,
      [endpointId],
    );
  }
}

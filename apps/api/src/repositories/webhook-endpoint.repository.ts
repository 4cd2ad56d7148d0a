import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Mode } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { SqlParams } from './sql-params';

/** One `webhook_endpoints` row as Postgres returns it. */
export interface WebhookEndpointRow {
  id: string;
  account_id: string;
  mode: Mode;
  url: string;
  events: string[];
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Whose endpoints a statement may touch: the account, and the mode when the caller has one (an
 * API key is live or test; the dashboard's session sees both modes of its account).
 */
export interface EndpointScope {
  accountId: string;
  mode: Mode | null;
}

export interface NewWebhookEndpoint {
  id: string;
  accountId: string;
  mode: Mode;
  url: string;
  events: string[];
  secretCiphertext: string;
}

export interface WebhookEndpointChanges {
  url?: string;
  events?: string[];
  status?: 'enabled' | 'disabled';
}

const COLUMNS = `id, account_id, mode, url, events, status, disabled_reason, secret_ciphertext,
  previous_secret_ciphertext, previous_secret_expires_at, failing_since, created_at, updated_at`;

/** The owner check of every statement on one endpoint; `deleted_at` hides deleted ones. */
function scoped(params: SqlParams, scope: EndpointScope, id: string): string {
  const mode = scope.mode === null ? '' : ` AND mode = ${params.add(scope.mode)}`;
  return `id = ${params.add(id)} AND account_id = ${params.add(scope.accountId)}${mode} AND deleted_at IS NULL`;
}

/** `webhook_endpoints`. Owned by WebhooksModule (WebhookEndpointsService, the dispatcher). */
@Injectable()
export class WebhookEndpointRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * In the caller's transaction: waits for any other creation of the same account and mode to
   * end (an advisory lock, held until commit), then counts their endpoints not deleted. So two
   * creations at once cannot both see room for one more.
   */
  async countForCreate(accountId: string, mode: Mode, manager: EntityManager): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `webhook_endpoints:${accountId}:${mode}`,
    ]);
    const rows: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM webhook_endpoints
        WHERE account_id = $1 AND mode = $2 AND deleted_at IS NULL`,
      [accountId, mode],
    );
    return rows[0].count;
  }

  async create(
    endpoint: NewWebhookEndpoint,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<WebhookEndpointRow> {
    const rows: WebhookEndpointRow[] = await manager.query(
      `INSERT INTO webhook_endpoints (id, account_id, mode, url, events, secret_ciphertext)
       VALUES ($1, $2, $3, $4, $5::text[], $6)
       RETURNING ${COLUMNS}`,
      [
        endpoint.id,
        endpoint.accountId,
        endpoint.mode,
        endpoint.url,
        endpoint.events,
        endpoint.secretCiphertext,
      ],
    );
    return rows[0];
  }

  /** One of the scope's own endpoints, not deleted; anyone else's is null. */
  async getById(scope: EndpointScope, id: string): Promise<WebhookEndpointRow | null> {
    const params = new SqlParams();
    const rows: WebhookEndpointRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE ${scoped(params, scope, id)}`,
      params.values,
    );
    return rows[0] ?? null;
  }

  /** A page of the account's endpoints in one mode, newest first, after `startingAfter`'s row. */
  async list(
    accountId: string,
    mode: Mode,
    page: { limit: number; startingAfter: WebhookEndpointRow | null },
  ): Promise<WebhookEndpointRow[]> {
    const params = new SqlParams();
    const after = page.startingAfter
      ? ` AND (created_at, id) < (SELECT created_at, id FROM webhook_endpoints WHERE id = ${params.add(page.startingAfter.id)}::uuid)`
      : '';
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM webhook_endpoints
        WHERE account_id = ${params.add(accountId)} AND mode = ${params.add(mode)}
          AND deleted_at IS NULL${after}
        ORDER BY created_at DESC, id DESC
        LIMIT ${params.add(page.limit)}`,
      params.values,
    );
  }

  /**
   * Applies the changes given. Enabling clears the failing state (a fresh start for the
   * disable-after rule); disabling by hand leaves no automatic reason.
   */
  async update(
    scope: EndpointScope,
    id: string,
    changes: WebhookEndpointChanges,
  ): Promise<WebhookEndpointRow | null> {
    const params = new SqlParams();
    const sets = ['updated_at = now()'];
    if (changes.url !== undefined) sets.push(`url = ${params.add(changes.url)}`);
    if (changes.events !== undefined) sets.push(`events = ${params.add(changes.events)}::text[]`);
    if (changes.status !== undefined) {
      sets.push(`status = ${params.add(changes.status)}`, 'disabled_reason = NULL');
      if (changes.status === 'enabled') sets.push('failing_since = NULL');
    }
    const rows: [WebhookEndpointRow[], number] = await this.dataSource.query(
      `UPDATE webhook_endpoints SET ${sets.join(', ')}
        WHERE ${scoped(params, scope, id)}
        RETURNING ${COLUMNS}`,
      params.values,
    );
    return rows[0][0] ?? null;
  }

  /**
   * The new secret becomes the current one; the current one stays valid (deliveries carry both
   * signatures) for `graceSeconds`. A secret rotated out before is dropped.
   */
  async rotateSecret(
    scope: EndpointScope,
    id: string,
    secretCiphertext: string,
    graceSeconds: number,
  ): Promise<WebhookEndpointRow | null> {
    const params = new SqlParams();
    const rows: [WebhookEndpointRow[], number] = await this.dataSource.query(
      `UPDATE webhook_endpoints
          SET previous_secret_ciphertext = secret_ciphertext,
              previous_secret_expires_at = now() + make_interval(secs => ${params.add(graceSeconds)}),
              secret_ciphertext = ${params.add(secretCiphertext)},
              updated_at = now()
        WHERE ${scoped(params, scope, id)}
        RETURNING ${COLUMNS}`,
      params.values,
    );
    return rows[0][0] ?? null;
  }

  /** Soft delete: the row stays for its delivery log; it is gone from every route. */
  async softDelete(
    scope: EndpointScope,
    id: string,
    manager: EntityManager,
  ): Promise<WebhookEndpointRow | null> {
    const params = new SqlParams();
    const rows: [WebhookEndpointRow[], number] = await manager.query(
      `UPDATE webhook_endpoints SET deleted_at = now(), updated_at = now()
        WHERE ${scoped(params, scope, id)}
        RETURNING ${COLUMNS}`,
      params.values,
    );
    return rows[0][0] ?? null;
  }

  /** A delivery got a 2xx: the endpoint is healthy again. */
  async recordSuccess(endpointId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE webhook_endpoints SET failing_since = NULL
        WHERE id = $1 AND failing_since IS NOT NULL`,
      [endpointId],
    );
  }

  /**
   * An attempt failed: the endpoint is failing since now unless it already was; when it has been
   * failing for longer than `disableAfterMs`, it is disabled with `reason`. Its new status.
   */
  async recordFailure(
    endpointId: string,
    disableAfterMs: number,
    reason: string,
    manager: EntityManager,
  ): Promise<'enabled' | 'disabled' | null> {
    // Every SET expression reads the row as it was: the old `failing_since` decides.
    const expired = `failing_since IS NOT NULL
      AND failing_since < now() - make_interval(secs => $2::double precision / 1000)`;
    const rows: [{ status: 'enabled' | 'disabled' }[], number] = await manager.query(
      `UPDATE webhook_endpoints
          SET failing_since = coalesce(failing_since, now()),
              status = CASE WHEN ${expired} THEN 'disabled' ELSE status END,
              disabled_reason = CASE WHEN ${expired} THEN $3 ELSE disabled_reason END,
              updated_at = CASE WHEN ${expired} THEN now() ELSE updated_at END
        WHERE id = $1
        RETURNING status`,
      [endpointId, disableAfterMs, reason],
    );
    return rows[0][0]?.status ?? null;
  }
}

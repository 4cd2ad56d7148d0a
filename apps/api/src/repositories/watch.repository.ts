import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CreatorView, Mode, WatchKind } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { SqlParams } from './sql-params';

/** One `watches` row as Postgres returns it, with its latest run's job (the left join). */
export interface WatchRow {
  id: string;
  account_id: string;
  mode: Mode;
  key_id: string | null;
  source: 'api' | 'dashboard';
  subject: string | null;
  query: string;
  market: 'auto' | 'network_a' | 'network_b';
  reel_limit: number;
  run_interval: 'hourly' | 'daily';
  min_outlier_score: number | null;
  sort: 'traction' | 'outlier' | 'relevance' | null;
  status: 'active' | 'paused';
  status_reason: string | null;
  next_run_at: Date;
  last_job_id: string | null;
  created_at: Date;
  updated_at: Date;
  last_job_status: string | null;
  last_job_created_at: Date | null;
  last_job_finished_at: Date | null;
  last_job_charged: string | null;
  /** Reels (a creator watch: new posts) the latest run recorded; the view shows them only once it succeeded. */
  last_new_reels: number;
  kind: WatchKind;
  /** A creator watch's creator (with the ids its runs look the creator up by); null for a niche. */
  creator: StoredCreator | null;
  outlier_multiple: number | null;
}

/** The creator a creator watch follows, as stored: the view's fields and the provider's ids. */
export interface StoredCreator extends CreatorView {
  sec_uid: string | null;
}

/** A due watch claimed by the scheduler, with the key its run goes under. */
export interface ClaimedWatch extends WatchRow {
  /**
   * The newest key of the watch's key line (its key and the keys rolled from it) that still
   * works and may run scans; null for a dashboard watch, or when none does.
   */
  run_key_id: string | null;
  /** Whether the account still has API access (the operator's `access:revoke` takes it). */
  api_access: boolean;
}

/**
 * Whose watches: the account, and the mode when the caller has one (the dashboard: both). A key
 * restricted to some operations reaches only the watches its own line of keys created
 * (`confinedTo`, as with jobs: docs/key-controls.md).
 */
export interface WatchScope {
  accountId: string;
  mode: Mode | null;
  confinedTo?: string | null;
}

export interface NewWatch {
  id: string;
  accountId: string;
  mode: Mode;
  keyId: string | null;
  source: 'api' | 'dashboard';
  subject: string | null;
  query: string;
  market: WatchRow['market'];
  limit: number;
  interval: WatchRow['run_interval'];
  minOutlierScore: number | null;
  sort: WatchRow['sort'];
  nextRunAt: Date;
  now: Date;
  /** Left out: a niche watch. */
  creator?: { creator: StoredCreator; outlierMultiple: number };
}

export interface WatchChanges {
  status?: WatchRow['status'];
  statusReason?: string | null;
  interval?: WatchRow['run_interval'];
  minOutlierScore?: number | null;
  outlierMultiple?: number;
  nextRunAt?: Date;
  lastJobId?: string;
  /** When this run was queued: the next run asked for by hand keeps its gap from it. */
  lastRunAt?: Date;
}

/** What asking for a run by hand came to: taken (with the stamp it replaced), or too soon. */
export type ManualRunTake =
  { taken: true; previous: Date | null } | { taken: false; lastRunAt: Date } | null;

const COLUMNS = `w.id, w.account_id, w.mode, w.key_id, w.source, w.subject, w.query, w.market,
  w.reel_limit, w.run_interval, w.min_outlier_score, w.sort, w.status, w.status_reason,
  w.next_run_at, w.last_job_id, w.created_at, w.updated_at, w.kind, w.creator,
  w.outlier_multiple`;

/** The watch with its latest run's job and the reels that run delivered. */
const WITH_LAST_RUN = `SELECT ${COLUMNS}, j.status AS last_job_status,
    j.created_at AS last_job_created_at, j.finished_at AS last_job_finished_at,
    j.charged::text AS last_job_charged,
    CASE WHEN j.id IS NULL THEN 0
      WHEN w.kind = 'creator'
      THEN (SELECT count(*)::int FROM creator_posts p WHERE p.watch_id = w.id AND p.job_id = j.id)
      ELSE (SELECT count(*)::int FROM watch_reels r WHERE r.watch_id = w.id AND r.job_id = j.id)
      END AS last_new_reels
  FROM watches w LEFT JOIN jobs j ON j.id = w.last_job_id`;

function scoped(params: SqlParams, scope: WatchScope): string {
  const account = params.add(scope.accountId);
  const mode = scope.mode === null ? '' : ` AND w.mode = ${params.add(scope.mode)}`;
  const line = scope.confinedTo
    ? ` AND w.key_id IN (SELECT k.id FROM api_keys k
                          WHERE k.account_id = ${account} AND k.spend_owner = ${params.add(scope.confinedTo)}::uuid)`
    : '';
  return `w.account_id = ${account}${mode}${line}`;
}

/** `watches`. Owned by WatchesModule (WatchesService, WatchScheduler). */
@Injectable()
export class WatchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * In the caller's transaction: waits for any other creation of the same account and mode (an
   * advisory lock held until commit), then counts their watches, so two creations at once
   * cannot both see room for one more.
   */
  async countForCreate(accountId: string, mode: Mode, manager: EntityManager): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `watches:${accountId}:${mode}`,
    ]);
    const rows: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM watches WHERE account_id = $1 AND mode = $2`,
      [accountId, mode],
    );
    return rows[0].count;
  }

  async create(watch: NewWatch, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO watches (id, account_id, mode, key_id, source, subject, query, market,
         reel_limit, run_interval, min_outlier_score, sort, status, next_run_at, created_at,
         updated_at, kind, creator, outlier_multiple)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'active', $13, $14, $14,
         $15, $16, $17)`,
      [
        watch.id,
        watch.accountId,
        watch.mode,
        watch.keyId,
        watch.source,
        watch.subject,
        watch.query,
        watch.market,
        watch.limit,
        watch.interval,
        watch.minOutlierScore,
        watch.sort,
        watch.nextRunAt,
        watch.now,
        watch.creator ? 'creator' : 'niche',
        watch.creator ? JSON.stringify(watch.creator.creator) : null,
        watch.creator?.outlierMultiple ?? null,
      ],
    );
  }

  async getById(scope: WatchScope, id: string): Promise<WatchRow | null> {
    const params = new SqlParams();
    const rows: WatchRow[] = await this.dataSource.query(
      `${WITH_LAST_RUN} WHERE w.id = ${params.add(id)} AND ${scoped(params, scope)}`,
      params.values,
    );
    return rows[0] ?? null;
  }

  /** Any watch by id, in the caller's transaction (a run pausing its own watch). */
  async findById(id: string, manager: EntityManager): Promise<WatchRow | null> {
    const rows: WatchRow[] = await manager.query(`${WITH_LAST_RUN} WHERE w.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** A page of the scope's watches, newest first, after `startingAfter`'s row. */
  async list(
    scope: WatchScope,
    page: { limit: number; startingAfter: WatchRow | null },
  ): Promise<WatchRow[]> {
    const params = new SqlParams();
    const after = page.startingAfter
      ? ` AND (w.created_at, w.id) < (${params.add(page.startingAfter.created_at)}::timestamptz, ${params.add(page.startingAfter.id)}::uuid)`
      : '';
    return this.dataSource.query(
      `${WITH_LAST_RUN} WHERE ${scoped(params, scope)}${after}
        ORDER BY w.created_at DESC, w.id DESC LIMIT ${params.add(page.limit)}`,
      params.values,
    );
  }

  /** Changes the scope's watch; false when there is none. */
  async update(
    scope: WatchScope,
    id: string,
    changes: WatchChanges,
    now: Date,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const params = new SqlParams();
    const sets = [`updated_at = ${params.add(now)}`];
    if (changes.status !== undefined) sets.push(`status = ${params.add(changes.status)}`);
    if (changes.statusReason !== undefined) {
      sets.push(`status_reason = ${params.add(changes.statusReason)}`);
    }
    if (changes.interval !== undefined) sets.push(`run_interval = ${params.add(changes.interval)}`);
    if (changes.minOutlierScore !== undefined) {
      sets.push(`min_outlier_score = ${params.add(changes.minOutlierScore)}`);
    }
    if (changes.outlierMultiple !== undefined) {
      sets.push(`outlier_multiple = ${params.add(changes.outlierMultiple)}`);
    }
    if (changes.nextRunAt !== undefined)
      sets.push(`next_run_at = ${params.add(changes.nextRunAt)}`);
    if (changes.lastJobId !== undefined)
      sets.push(`last_job_id = ${params.add(changes.lastJobId)}`);
    if (changes.lastRunAt !== undefined)
      sets.push(`last_run_at = ${params.add(changes.lastRunAt)}`);
    const [, count] = (await manager.query(
      `UPDATE watches w SET ${sets.join(', ')} WHERE w.id = ${params.add(id)} AND ${scoped(params, scope)}`,
      params.values,
    )) as [unknown, number];
    return count > 0;
  }

  /** In the caller's transaction: the watch's latest run is now this job's. */
  async setLastJob(id: string, jobId: string, now: Date, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE watches SET last_job_id = $2, updated_at = $3 WHERE id = $1`, [
      id,
      jobId,
      now,
    ]);
  }

  /**
   * Stamps `now` as the scope's watch's latest run when its previous one is at least `gapMs`
   * old (or it never ran). The row is locked first, so of two runs asked for at once the second
   * reads the first's stamp and is refused. Null when there is no such watch.
   */
  async takeManualRun(
    scope: WatchScope,
    id: string,
    now: Date,
    gapMs: number,
  ): Promise<ManualRunTake> {
    const params = new SqlParams();
    const nowParam = params.add(now);
    const rows: { last_run_at: Date | null; taken: boolean }[] = await this.dataSource.query(
      `WITH current AS (
           SELECT w.id, w.last_run_at FROM watches w
            WHERE w.id = ${params.add(id)} AND ${scoped(params, scope)} FOR UPDATE),
         taken AS (
           UPDATE watches w SET last_run_at = ${nowParam}::timestamptz FROM current
            WHERE w.id = current.id
              AND (current.last_run_at IS NULL
                   OR current.last_run_at <= ${nowParam}::timestamptz - ${params.add(gapMs)} * interval '1 millisecond')
            RETURNING w.id)
         SELECT current.last_run_at, EXISTS (SELECT 1 FROM taken) AS taken FROM current`,
      params.values,
    );
    if (rows.length === 0) return null;
    const [row] = rows;
    if (row.taken) return { taken: true, previous: row.last_run_at };
    return { taken: false, lastRunAt: row.last_run_at! };
  }

  /**
   * Gives back a stamp `takeManualRun` took for a run refused before it did any work: the
   * previous stamp again, unless another run has stamped the watch since.
   */
  async giveBackManualRun(id: string, stamped: Date, previous: Date | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE watches SET last_run_at = $3 WHERE id = $1 AND last_run_at = $2`,
      [id, stamped, previous],
    );
  }

  /** Deletes the scope's watch (its runs and delivered reels with it); false when there is none. */
  async delete(scope: WatchScope, id: string): Promise<boolean> {
    const params = new SqlParams();
    const [, count] = (await this.dataSource.query(
      `DELETE FROM watches w WHERE w.id = ${params.add(id)} AND ${scoped(params, scope)}`,
      params.values,
    )) as [unknown, number];
    return count > 0;
  }

  /**
   * In the caller's transaction: one active watch due at `now`, locked until the commit; rows
   * another transaction holds are skipped, so instances claiming at once each get a different
   * watch. Its run goes under the newest working key of its key's line: a roll replaces the
   * secret, not the grant (the new key copies the settings and continues the spend), so the
   * watch follows it instead of pausing when the old key's grace ends.
   */
  async claimDue(now: Date, manager: EntityManager): Promise<ClaimedWatch | null> {
    const claimed: { id: string; run_key_id: string | null; api_access: boolean }[] =
      await manager.query(
        `WITH due AS (
           SELECT id FROM watches
            WHERE status = 'active' AND next_run_at IS NOT NULL AND next_run_at <= $1
            ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         SELECT w.id,
                (SELECT n.id FROM api_keys k
                   JOIN api_keys n ON n.account_id = k.account_id AND n.spend_owner = k.spend_owner
                  WHERE k.id = w.key_id
                    AND (n.revoked_at IS NULL OR n.revoked_at > $1)
                    AND (n.expires_at IS NULL OR n.expires_at > $1)
                    AND (n.operations IS NULL OR 'scan' = ANY (n.operations))
                  ORDER BY n.created_at DESC,
                           NOT EXISTS (SELECT 1 FROM api_keys s WHERE s.rolled_from = n.id) DESC,
                           n.id LIMIT 1) AS run_key_id,
                (SELECT a.api_access FROM accounts a WHERE a.id = w.account_id) AS api_access
           FROM due JOIN watches w ON w.id = due.id`,
        [now],
      );
    if (claimed.length === 0) return null;
    const [{ id, run_key_id, api_access }] = claimed;
    const rows: WatchRow[] = await manager.query(`${WITH_LAST_RUN} WHERE w.id = $1`, [id]);
    return { ...rows[0], run_key_id, api_access };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Mode } from '@reelscout/domain';
import { DataSource } from 'typeorm';

/**
 * `sound_analyses`: the permanent sound-analysis cache. Owned by MusicModule
 * (SoundAnalysisCache). Rows are inserted once and never changed.
 */
@Injectable()
export class SoundAnalysisRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The stored readings (unchecked JSON) among `soundIds` for this analyzer version. */
  getMany(
    mode: Mode,
    soundIds: readonly string[],
    analyzerVersion: string,
  ): Promise<{ sound_id: string; features: unknown }[]> {
    return this.dataSource.query(
      `SELECT sound_id, features FROM sound_analyses
        WHERE mode = $1 AND analyzer_version = $2 AND sound_id = ANY($3::text[])`,
      [mode, analyzerVersion, soundIds],
    );
  }

  /** Inserts a reading (JSON text) unless one is there; whether this call inserted it. */
  async create(
    mode: Mode,
    soundId: string,
    analyzerVersion: string,
    features: string,
  ): Promise<boolean> {
    const inserted: { features: unknown }[] = await this.dataSource.query(
      `INSERT INTO sound_analyses (mode, sound_id, analyzer_version, features)
       VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (mode, sound_id, analyzer_version) DO NOTHING
       RETURNING features`,
      [mode, soundId, analyzerVersion, features],
    );
    return inserted.length === 1;
  }

  /**
   * Runs `work` while holding the session advisory lock `name` on a connection of its own, so
   * one instance at a time fills the cache ahead of calls; false (`work` not run) when another
   * instance holds it.
   */
  async withSessionLock(name: string, work: () => Promise<void>): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }]: { locked: boolean }[] = await runner.query(
        `SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`,
        [name],
      );
      if (!locked) return false;
      try {
        await work();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [name]);
      }
      return true;
    } finally {
      await runner.release();
    }
  }

  /** Readings stored for a mode (and version, when given). */
  async count(mode: Mode, analyzerVersion?: string): Promise<number> {
    const rows: { count: string }[] = await this.dataSource.query(
      `SELECT count(*)::text AS count FROM sound_analyses
        WHERE mode = $1 AND ($2::text IS NULL OR analyzer_version = $2)`,
      [mode, analyzerVersion ?? null],
    );
    return Number(rows[0]?.count ?? 0);
  }
}

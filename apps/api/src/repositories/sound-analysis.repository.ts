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
   * Inserts readings (id → JSON text) in one statement, each unless one is there; how many this
   * call inserted.
   */
  async createMany(
    mode: Mode,
    analyzerVersion: string,
    readings: { soundId: string; features: string }[],
  ): Promise<number> {
    if (readings.length === 0) return 0;
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO sound_analyses (mode, sound_id, analyzer_version, features)
       SELECT $1, r.sound_id, $2, r.features::jsonb
         FROM unnest($3::text[], $4::text[]) AS r(sound_id, features)
       ON CONFLICT (mode, sound_id, analyzer_version) DO NOTHING
       RETURNING 1`,
      [mode, analyzerVersion, readings.map((r) => r.soundId), readings.map((r) => r.features)],
    );
    return inserted.length;
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

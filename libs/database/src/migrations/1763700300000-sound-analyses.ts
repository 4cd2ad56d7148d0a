import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The permanent sound-analysis cache of the music operation (docs/architecture.md §9, §10): one row
 * per (mode, namespaced sound id, analyzer version), shared by every API instance. Rows are
 * only ever inserted (`ON CONFLICT DO NOTHING`, so concurrent instances agree on the first
 * reading); a new analyzer version simply starts new rows. Test-mode (sandbox) sounds are kept
 * apart from live ones: their ids could collide with real ids but their audio is not the same.
 */
export class SoundAnalyses1763700300000 implements MigrationInterface {
  name = 'SoundAnalyses1763700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sound_analyses (
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        sound_id text NOT NULL CHECK (length(sound_id) BETWEEN 1 AND 200),
        analyzer_version text NOT NULL CHECK (length(analyzer_version) BETWEEN 1 AND 200),
        features jsonb NOT NULL CHECK (jsonb_typeof(features) = 'object'),
        analyzed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (mode, sound_id, analyzer_version)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS sound_analyses`);
  }
}

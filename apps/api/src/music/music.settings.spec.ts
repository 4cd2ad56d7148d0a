import 'reflect-metadata';
import { musicConfig, validateEnvironment } from '../config';
import { AUDIO_ANALYZER_VERSION } from '../media-analysis/audio-analyzer';
import { SOUND_ANALYSIS_VERSION } from './music.settings';

const base = { DATABASE_URL: 'postgres://127.0.0.1/unused' };
const music = (raw: Record<string, unknown>) => musicConfig.from(validateEnvironment(raw));

describe('music settings', () => {
  it('reads the pool size and analysis concurrency, with their defaults', () => {
    expect(music(base)).toMatchObject({ maxCandidates: 50, analysisConcurrency: 4 });
    expect(
      music({ ...base, MUSIC_MAX_CANDIDATES: '12', MUSIC_ANALYSIS_CONCURRENCY: 8 }),
    ).toMatchObject({ maxCandidates: 12, analysisConcurrency: 8 });
  });

  it.each(['0', '101', '2.5', 'many'])('refuses MUSIC_MAX_CANDIDATES=%s at start-up', (bad) => {
    expect(() => music({ ...base, MUSIC_MAX_CANDIDATES: bad })).toThrow(/MUSIC_MAX_CANDIDATES/);
  });

  it('keys cached readings by the analyzer version and the span read', () => {
    expect(SOUND_ANALYSIS_VERSION).toBe(`${AUDIO_ANALYZER_VERSION};first-30s`);
  });
});

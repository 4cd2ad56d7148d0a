import { ConfigService } from '@nestjs/config';
import { AUDIO_ANALYZER_VERSION } from '../media-analysis/audio-analyzer';
import { MUSIC_DEFAULTS, readMusicSettings, SOUND_ANALYSIS_VERSION } from './music.settings';

describe('readMusicSettings', () => {
  it('reads the pool size and analysis concurrency, falling back to the defaults', () => {
    expect(readMusicSettings(new ConfigService({}))).toEqual(MUSIC_DEFAULTS);
    expect(
      readMusicSettings(
        new ConfigService({ MUSIC_MAX_CANDIDATES: '12', MUSIC_ANALYSIS_CONCURRENCY: 8 }),
      ),
    ).toEqual({ maxCandidates: 12, analysisConcurrency: 8 });
    for (const bad of ['0', '101', '2.5', 'many', '']) {
      expect(
        readMusicSettings(
          new ConfigService({ MUSIC_MAX_CANDIDATES: bad, MUSIC_ANALYSIS_CONCURRENCY: bad }),
        ),
      ).toEqual(MUSIC_DEFAULTS);
    }
  });

  it('keys cached readings by the analyzer version and the span read', () => {
    expect(SOUND_ANALYSIS_VERSION).toBe(`${AUDIO_ANALYZER_VERSION};first-30s`);
  });
});

import { readTrend } from './music.trend';
import { runNotes, soundWarnings, type RunFacts, type SoundWarningInput } from './music.warnings';

const steady = readTrend({ trend: null, usageCount: 10_000 });
const input = (overrides: Partial<SoundWarningInput> = {}): SoundWarningInput => ({
  previewUrl: 'https://cdn.example/p.m4a',
  commercial: true,
  isOriginal: false,
  usableSec: 40,
  videoDurationSec: 30,
  trend: steady,
  tempoBpm: 120,
  ...overrides,
});

describe('soundWarnings', () => {
  it('a cleared, long enough, steady sound only carries the preview expiry', () => {
    expect(soundWarnings(input())).toEqual([
      'The preview URL expires, usually within hours: fetch it again before playing it later.',
    ]);
    expect(soundWarnings(input({ previewUrl: null }))).toEqual([]);
  });

  it('warns about brand use, a short slice, fading usage and a missing beat', () => {
    const fading = readTrend({
      trend: [
        { at: '2025-11-01T00:00:00Z', value: 100 },
        { at: '2025-12-01T00:00:00Z', value: 40 },
      ],
      usageCount: 100,
    });
    const warnings = soundWarnings(
      input({
        previewUrl: null,
        commercial: false,
        isOriginal: true,
        usableSec: 12,
        trend: fading,
        tempoBpm: null,
      }),
    );
    expect(warnings).toEqual([
      "Not in the commercial music library (a creator's original sound): not cleared for brand or sponsored posts.",
      'Shorter than the video: its usable slice is 12 s, the video runs 30 s (loop it or trim the edit).',
      'Fading: fewer new videos use it (-60 % over its history); it may feel dated soon.',
      'No steady beat was found: cutting to it will be by feel.',
    ]);
    expect(soundWarnings(input({ previewUrl: null, commercial: null }))).toEqual([
      'Commercial-library status unknown: not confirmed as cleared for brand or sponsored posts.',
    ]);
  });
});

describe('runNotes', () => {
  const facts = (overrides: Partial<RunFacts> = {}): RunFacts => ({
    market: 'network_a',
    considered: 40,
    maxCandidates: 50,
    requireCommercial: false,
    fromCache: 30,
    analyzedNow: 10,
    failedAnalyses: 0,
    withoutPreview: 0,
    failedSources: [],
    videoHasAudio: true,
    voiceLed: false,
    ...overrides,
  });

  it('reports the cache share of a normal run', () => {
    expect(runNotes(facts())).toEqual([
      '30 of 40 sound analyses came from the permanent cache; 10 sounds were analyzed for the first time.',
    ]);
  });

  it('says when the pool is thin or empty, and what was left out and why', () => {
    expect(
      runNotes(facts({ considered: 4, fromCache: 4, analyzedNow: 1, failedAnalyses: 1 })),
    ).toEqual([
      'Thin pool: only 4 sounds could be scored for this video (a full pool holds up to 50).',
      '4 of 5 sound analyses came from the permanent cache; 1 sound was analyzed for the first time.',
      '1 sound was left out: the audio could not be downloaded or analyzed.',
    ]);
    expect(
      runNotes(facts({ considered: 0, fromCache: 0, analyzedNow: 0, requireCommercial: true })),
    ).toEqual([
      'No usable sound was found for this video in the commercial music library; nothing was charged.',
      'Only tracks in the commercial music library were considered (requireCommercial).',
    ]);
  });

  it('notes network_b, failed sources and the video side', () => {
    const notes = runNotes(
      facts({
        market: 'network_b',
        withoutPreview: 2,
        failedSources: ['rising chart'],
        videoHasAudio: false,
      }),
    );
    expect(notes).toEqual(
      expect.arrayContaining([
        'network_b carries no genre metadata: fit is judged from the audio itself.',
        '2 sounds were left out: no playable preview to analyze.',
        'The rising chart could not be read; the other sources were used.',
        'The video has no audio track: energy follows its pace, and mood is not matched.',
      ]),
    );
    expect(runNotes(facts({ voiceLed: true }))).toContain(
      'The video is voice-led: quieter sounds that sit under speech are preferred.',
    );
  });
});

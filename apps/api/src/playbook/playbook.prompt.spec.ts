import {
  playbookSystemPrompt,
  playbookUserPrompt,
  type PlaybookAnalysisInput,
} from './playbook.prompt';

const facts: PlaybookAnalysisInput = {
  language: 'zh-Hant',
  analyzedSeconds: 120,
  durationSec: 200,
  clipped: true,
  scenes: [
    { start: 0, end: 3.067 },
    { start: 3.067, end: 120 },
  ],
  cutsPerMinute: 0.5,
  transcript: [{ start: 0.4, end: 2.6, text: 'Fresh beans.' }],
  transcriptSource: 'platform_captions',
  transcriptLanguage: 'en',
  overlays: [{ start: 0, end: 2.5, text: 'Everything I learned', source: 'sandbox_spec' }],
  keyFrames: [
    { t: 1.5, sceneIndex: 0 },
    { t: 61, sceneIndex: 1 },
  ],
  audio: { loudnessLufs: -16.2, speechShare: 0.93 },
  caption: 'A year of espresso #coffee',
  hashtags: ['coffee'],
  authorHandle: 'maya',
};

describe('playbook prompt', () => {
  it('states the span, the measured-timing rules and the language', () => {
    const system = playbookSystemPrompt('zh-Hant', 120);
    expect(system).toContain('[0, 120]');
    expect(system).toContain('exactly the measured scenes');
    expect(system).toContain('Traditional characters only');
    expect(playbookSystemPrompt('en', 30)).toContain('in English');
    expect(playbookSystemPrompt('zh-Hans', 30)).toContain('Simplified Chinese');
  });

  it('carries every measured fact, with key frames numbered in image order', () => {
    const user = playbookUserPrompt(facts, { platform: 'network_a', market: 'network_a' });
    expect(user).toContain('Video on tiktok (network_a) by @maya.');
    expect(user).toContain('only the first 120 s were analyzed (clipped)');
    expect(user).toContain(
      '[{"index":0,"start":0,"end":3.067},{"index":1,"start":3.067,"end":120}]',
    );
    expect(user).toContain('[{"image":1,"t":1.5,"scene":0},{"image":2,"t":61,"scene":1}]');
    expect(user).toContain('"text":"Fresh beans."');
    expect(user).toContain('"source":"sandbox_spec"');
    expect(user).toContain('-16.2 LUFS');
    expect(user).toContain('#coffee');
  });
});

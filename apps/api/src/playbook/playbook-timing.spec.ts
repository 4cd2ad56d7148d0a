import { validatePlaybookDocument, type PlaybookDocument } from './playbook.document';
import {
  anchorOverlays,
  anchorPlaybook,
  anchorScenes,
  clipToSpan,
  joinLines,
  snap,
  type MeasuredVideo,
} from './playbook-timing';

/** What we measured in a 200-second video clipped to 120 s. */
const measured: MeasuredVideo = {
  analyzedSeconds: 120,
  durationSec: 200.02,
  clipped: true,
  scenes: [
    { start: 0, end: 3.067 },
    { start: 3.067, end: 60.4 },
    { start: 60.4, end: 120 },
  ],
  cutsPerMinute: 1,
  transcript: {
    language: 'en',
    source: 'platform_captions',
    segments: [
      { start: 0.4, end: 2.6, text: 'Fresh beans.' },
      { start: 61, end: 64, text: 'Pour slowly.' },
      { start: 118, end: 123, text: 'Crosses the clip end.' },
      { start: 150, end: 152, text: 'Beyond the span.' },
    ],
  },
  overlays: [
    { start: 0, end: 2.5, text: 'Everything I learned', source: 'sandbox_spec' },
    { start: 197.5, end: 200, text: 'Follow for part 2', source: 'sandbox_spec' },
  ],
};

/** The model's answer: valid, but with its own (slightly wrong) timings everywhere. */
function modelAnswer(): PlaybookDocument {
  return {
    version: 2,
    tier: 'full',
    overview: {
      summary: 'Espresso lessons.',
      audience: 'Home baristas.',
      analyzedSeconds: 118,
      durationSec: 180,
      clipped: false,
    },
    hook: { text: 'Everything I learned', why: 'A year in one reel.', start: 0.5, end: 9 },
    transcript: {
      language: 'english',
      source: 'transcription',
      fullText: 'made up',
      segments: [{ start: 1, end: 2, text: 'made up' }],
    },
    scenes: [
      { start: 0, end: 3.4, description: 'Opening on the machine' },
      { start: 3.4, end: 60, description: 'Dialling in the grind' },
      { start: 60, end: 120, description: 'Latte art' },
    ],
    overlays: [
      { start: 0, end: 2, text: 'everything  I learned', source: 'key_frame' },
      { start: 70, end: 71, text: '18 g in, 36 g out', source: 'platform_metadata' },
    ],
    pacing: {
      analyzedSeconds: 120,
      sceneCount: 9,
      averageSceneSec: 13,
      cutsPerMinute: 4,
      rhythm: 'fast',
      notes: 'Long takes.',
    },
    format: { name: 'Lessons list', description: 'Lessons, one per scene.', whyItWorks: 'Value.' },
    playbook: {
      script: [
        { t: 60.9, line: 'Now pour.' },
        { t: 0.3, line: 'Open on the result.' },
        { t: 2.9, line: 'Cut to the grinder.' },
        { t: 90, line: 'Show the pattern.' },
      ],
      shotList: ['Machine', 'Grinder', 'Pitcher'],
      setup: { camera: 'Phone', lighting: 'Window', audio: 'Lav', props: ['Tamper'] },
      editingGuide: { cutEverySec: 1, captions: 'Burn in', music: 'Low', notes: ['Tight'] },
      caption: 'A year of espresso',
      cta: 'Follow',
    },
    experiments: [{ idea: 'Before/after', why: 'Contrast' }],
    caveats: ['Gear matters.'],
  };
}

describe('anchorPlaybook', () => {
  const doc = anchorPlaybook(modelAnswer(), measured, 'en');

  it('takes scene boundaries from the measurement and descriptions from the model', () => {
    expect(doc.scenes).toEqual([
      { start: 0, end: 3.067, description: 'Opening on the machine' },
      { start: 3.067, end: 60.4, description: 'Dialling in the grind' },
      { start: 60.4, end: 120, description: 'Latte art' },
    ]);
  });

  it('uses our transcript, clipped to the span, never the model’s', () => {
    expect(doc.transcript).toEqual({
      language: 'en',
      source: 'platform_captions',
      fullText: 'Fresh beans. Pour slowly. Crosses the clip end.',
      segments: [
        { start: 0.4, end: 2.6, text: 'Fresh beans.' },
        { start: 61, end: 64, text: 'Pour slowly.' },
        { start: 118, end: 120, text: 'Crosses the clip end.' },
      ],
    });
  });

  it('snaps script beats onto measured events and orders them', () => {
    expect(doc.playbook.script).toEqual([
      { t: 0.4, line: 'Open on the result.' }, // the first spoken line (0.1 s away; the cut at 0 is 0.3)
      { t: 3.067, line: 'Cut to the grinder.' },
      { t: 61, line: 'Now pour.' },
      { t: 90, line: 'Show the pattern.' }, // nothing measured within 1 s: kept
    ]);
  });

  it('keeps known overlays exact and times key-frame text by its scene', () => {
    expect(doc.overlays).toEqual([
      { start: 0, end: 2.5, text: 'Everything I learned', source: 'sandbox_spec' },
      { start: 60.4, end: 120, text: '18 g in, 36 g out', source: 'key_frame' },
    ]);
  });

  it('measures the hook, pacing, cut rhythm and coverage', () => {
    expect(doc.hook).toEqual({
      text: 'Everything I learned',
      why: 'A year in one reel.',
      start: 0,
      end: 2.6,
    });
    expect(doc.pacing).toEqual({
      analyzedSeconds: 120,
      sceneCount: 3,
      averageSceneSec: 40,
      cutsPerMinute: 1,
      rhythm: 'slow',
      notes: 'Long takes.',
    });
    expect(doc.playbook.editingGuide.cutEverySec).toBe(40);
    expect(doc.overview).toEqual(
      expect.objectContaining({ analyzedSeconds: 120, durationSec: 200.02, clipped: true }),
    );
    expect(doc.caveats).toEqual([
      'Gear matters.',
      'Only the first 120 s of this 200-second video were analyzed; nothing after 120 s is described.',
    ]);
  });

  it('gives a document that passes our own validation with every timing in the span', () => {
    expect(() => validatePlaybookDocument(doc, { analyzedSeconds: 120 })).not.toThrow();
    const times = [
      doc.hook.start,
      doc.hook.end,
      ...[...doc.scenes, ...doc.overlays, ...doc.transcript.segments].flatMap((s) => [
        s.start,
        s.end,
      ]),
      ...doc.playbook.script.map((beat) => beat.t),
    ];
    expect(Math.max(...times)).toBeLessThanOrEqual(120);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(0);
  });

  it('writes the coverage note in the document’s language', () => {
    expect(anchorPlaybook(modelAnswer(), measured, 'zh-Hans').caveats.at(-1)).toBe(
      '这条视频长200秒，只分析了前120秒；120秒之后的内容没有描述。',
    );
    expect(anchorPlaybook(modelAnswer(), measured, 'zh-Hant').caveats.at(-1)).toContain('這支影片');
    const whole = anchorPlaybook(modelAnswer(), { ...measured, clipped: false }, 'en');
    expect(whole.caveats).toEqual(['Gear matters.']);
  });
});

describe('timing helpers', () => {
  it('anchorScenes falls back to the nearest description when the model’s scenes do not overlap', () => {
    const scenes = anchorScenes(
      [
        { start: 0, end: 5 },
        { start: 5, end: 10 },
      ],
      [{ start: 0, end: 4.8, description: 'only one' }],
      10,
    );
    expect(scenes.map((s) => s.description)).toEqual(['only one', 'only one']);
  });

  it('anchorOverlays drops key-frame text that repeats known text and duplicates within a scene', () => {
    const scenes = [
      { start: 0, end: 5, description: 'a' },
      { start: 5, end: 10, description: 'b' },
    ];
    const overlays = anchorOverlays(
      [{ start: 0, end: 2, text: 'Big promise here', source: 'platform_metadata' }],
      [
        { start: 0, end: 1, text: 'Big promise', source: 'key_frame' },
        { start: 6, end: 7, text: 'Step 2', source: 'key_frame' },
        { start: 8, end: 9, text: 'step 2', source: 'key_frame' },
      ],
      scenes,
    );
    expect(overlays).toEqual([
      { start: 0, end: 2, text: 'Big promise here', source: 'platform_metadata' },
      { start: 5, end: 10, text: 'Step 2', source: 'key_frame' },
    ]);
  });

  it('anchorOverlays recognises known text in the other Chinese script or with other punctuation', () => {
    const scenes = [{ start: 0, end: 5, description: 'a' }];
    const overlays = anchorOverlays(
      [{ start: 0, end: 2.5, text: '别再花冤枉钱买拿铁了', source: 'sandbox_spec' }],
      [{ start: 0, end: 2, text: '別再花冤枉錢買拿鐵了！', source: 'key_frame' }],
      scenes,
    );
    expect(overlays).toEqual([
      { start: 0, end: 2.5, text: '别再花冤枉钱买拿铁了', source: 'sandbox_spec' },
    ]);
  });

  it('snap clamps into the span and only moves within the window', () => {
    expect(snap(130, [119.5], 120)).toBe(119.5);
    expect(snap(-3, [], 120)).toBe(0);
    expect(snap(50, [48.9, 51.2], 120)).toBe(50);
    expect(snap(50, [49.2, 50.6], 120)).toBe(50.6);
  });

  it('clipToSpan drops what starts after the span and clips what crosses it', () => {
    expect(
      clipToSpan(
        [
          { start: 9, end: 12, text: 'b' },
          { start: 1, end: 2, text: 'a' },
          { start: 10, end: 11, text: 'c' },
          { start: 3, end: 3, text: 'empty' },
        ],
        10,
      ),
    ).toEqual([
      { start: 1, end: 2, text: 'a' },
      { start: 9, end: 10, text: 'b' },
    ]);
  });

  it('joinLines puts no space between Chinese lines', () => {
    expect(joinLines(['先磨豆。', '再注水。'])).toBe('先磨豆。再注水。');
    expect(joinLines(['Grind.', 'Pour.'])).toBe('Grind. Pour.');
  });
});

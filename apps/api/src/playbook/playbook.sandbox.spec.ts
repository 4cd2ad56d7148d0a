import { dominantScript, scriptEvidence } from '@reelscout/domain';
import type { PlaybookAnalysisInput } from './playbook.prompt';
import { OperationCatalog } from '../execution/operation-catalog';
import { SandboxLlmRules } from '../providers/sandbox/sandbox-llm.rules';
import { PlaybookModule } from './playbook.module';
import { PLAYBOOK_DOCUMENT_PROMPT } from './playbook.prompt';
import { buildSandboxPlaybook } from './playbook.sandbox';
import type { PlaybookService } from './playbook.service';

/** What the playbook operation measured in a 200-second video, clipped to 120 s. */
const input: PlaybookAnalysisInput = {
  language: 'en',
  analyzedSeconds: 120,
  durationSec: 200,
  clipped: true,
  scenes: [
    { start: 0, end: 2.4 },
    { start: 2.4, end: 60 },
    { start: 60, end: 119.5 },
    { start: 119.5, end: 120 },
  ],
  cutsPerMinute: 1.5,
  transcript: [
    { start: 0.4, end: 3, text: 'Start with fresh beans.' },
    { start: 118, end: 125, text: 'Crosses the clip boundary.' },
    { start: 150, end: 155, text: 'Beyond the analysed part.' },
  ],
  transcriptSource: 'platform_captions',
  transcriptLanguage: 'en',
  overlays: [
    { start: 0, end: 2.5, text: 'Everything I learned', source: 'sandbox_spec' },
    { start: 197.5, end: 200, text: 'Follow for part 2', source: 'sandbox_spec' },
  ],
  keyFrames: [{ t: 1.2, sceneIndex: 0 }],
  audio: { loudnessLufs: -18.44, speechShare: 0.9 },
  caption: 'Everything I learned #coffee',
  hashtags: ['coffee'],
};

const timingsOf = (doc: ReturnType<typeof buildSandboxPlaybook>) => [
  doc.hook.start,
  doc.hook.end,
  ...[...doc.scenes, ...doc.overlays, ...doc.transcript.segments].flatMap((item) => [
    item.start,
    item.end,
  ]),
  ...doc.playbook.script.map((beat) => beat.t),
];

describe('buildSandboxPlaybook', () => {
  const doc = buildSandboxPlaybook(input);

  it('is a full version-2 document built from the measured analysis', () => {
    expect(doc.version).toBe(2);
    expect(doc.tier).toBe('full');
    expect(doc.scenes.map(({ start, end }) => ({ start, end }))).toEqual(input.scenes);
    expect(doc.scenes[0].description).toBe(
      'Scene 1 (2.4 s), on screen: “Everything I learned”, says: “Start with fresh beans.”',
    );
    expect(doc.hook).toEqual({
      text: 'Everything I learned',
      why: expect.stringContaining('on-screen promise'),
      start: 0,
      end: 3,
    });
    expect(doc.transcript.source).toBe('platform_captions');
    expect(doc.transcript.language).toBe('en');
    expect(doc.playbook.script[0]).toEqual({ t: 0.4, line: 'Start with fresh beans.' });
    expect(doc.playbook.shotList).toHaveLength(doc.scenes.length);
    expect(doc.pacing).toEqual(
      expect.objectContaining({ sceneCount: 4, averageSceneSec: 30, cutsPerMinute: 1.5 }),
    );
    expect(doc.playbook.editingGuide.notes.join(' ')).toContain('-18.4 LUFS');
    expect(doc.overview).toEqual(
      expect.objectContaining({ analyzedSeconds: 120, durationSec: 200, clipped: true }),
    );
    expect(doc.experiments.length).toBeGreaterThan(0);
    expect(doc.caveats.length).toBeGreaterThan(0);
  });

  it('keeps every timing inside [0, analyzedSeconds] and describes nothing beyond it', () => {
    const timings = timingsOf(doc);
    expect(Math.max(...timings)).toBeLessThanOrEqual(120);
    expect(Math.min(...timings)).toBeGreaterThanOrEqual(0);
    expect(doc.transcript.fullText).not.toContain('Beyond');
    expect(doc.overlays.map((overlay) => overlay.text)).toEqual(['Everything I learned']);
    expect(doc.transcript.segments.at(-1)).toEqual({
      start: 118,
      end: 120,
      text: 'Crosses the clip boundary.',
    });
  });

  it('writes in the requested language, zh-Hant in Traditional characters throughout', () => {
    const chinese: PlaybookAnalysisInput = {
      ...input,
      transcript: [{ start: 0.4, end: 3, text: '先把新鲜咖啡豆现磨好。' }],
      overlays: [{ start: 0, end: 2.5, text: '别再花冤枉钱买拿铁了' }],
      caption: '别再花冤枉钱买拿铁了 #居家咖啡',
    };
    expect(buildSandboxPlaybook({ ...chinese, language: 'zh-Hans' }).playbook.cta).toBe(
      '关注我看下期。',
    );
    const hant = buildSandboxPlaybook({ ...chinese, language: 'zh-Hant' });
    expect(hant.playbook.cta).toBe('追蹤我看下一集。');
    expect(hant.transcript.segments[0].text).toBe('先把新鮮咖啡豆現磨好。');
    expect(hant.hook.text).toBe('別再花冤枉錢買拿鐵了');
    const evidence = scriptEvidence(JSON.stringify(hant));
    expect(evidence.simplified).toBe(0);
    expect(dominantScript(evidence)).toBe('traditional');
  });

  it('copes with a video without speech, text or detected scenes', () => {
    const bare = buildSandboxPlaybook({
      language: 'en',
      analyzedSeconds: 8,
      scenes: [],
      transcript: [],
      overlays: [],
    });
    expect(bare.scenes).toEqual([
      { start: 0, end: 8, description: 'Scene 1 (8 s): a visual beat without words' },
    ]);
    expect(bare.hook.text).toBe('A visual opening without words');
    expect(bare.transcript).toEqual({ language: null, source: 'none', fullText: '', segments: [] });
    expect(bare.playbook.script).toEqual([{ t: 0, line: bare.scenes[0].description }]);
    expect(bare.overview.clipped).toBe(false);
  });

  it('is deterministic', () => {
    expect(buildSandboxPlaybook(input)).toEqual(buildSandboxPlaybook(input));
  });
});

describe('sandbox LLM rules: playbook_document, handed to the sandbox', () => {
  it('the playbook module registers its rule under the prompt’s name', () => {
    const rules = new SandboxLlmRules();
    new PlaybookModule(new OperationCatalog({} as never), {} as PlaybookService, rules);
    expect(rules.names()).toEqual([PLAYBOOK_DOCUMENT_PROMPT.name]);
    expect(rules.answer('playbook_document', input, '')).toEqual(buildSandboxPlaybook(input));
  });
});

import { buildSandboxPlaybook } from './playbook.sandbox';
import {
  checkTimings,
  LIST_LIMITS,
  PLAYBOOK_DOCUMENT,
  PLAYBOOK_DOCUMENT_SCHEMA,
  PlaybookDocumentError,
  readSchema,
  validatePlaybookDocument,
  type PlaybookDocument,
} from './playbook.document';

/** A valid 10-second document; tests break one thing at a time. */
function sampleDocument(): PlaybookDocument {
  return {
    version: 2,
    tier: 'full',
    overview: {
      summary: 'A pour-over tutorial.',
      audience: 'Beginners.',
      analyzedSeconds: 10,
      durationSec: 10,
      clipped: false,
    },
    hook: { text: 'Stop buying lattes', why: 'It promises a saving.', start: 0, end: 2 },
    transcript: {
      language: 'en',
      source: 'platform_captions',
      fullText: 'Grind fresh.',
      segments: [{ start: 0.5, end: 2, text: 'Grind fresh.' }],
    },
    scenes: [
      { start: 0, end: 4, description: 'Beans' },
      { start: 4, end: 10, description: 'Pour' },
    ],
    overlays: [{ start: 0, end: 2, text: 'Stop buying lattes', source: 'sandbox_spec' }],
    pacing: {
      analyzedSeconds: 10,
      sceneCount: 2,
      averageSceneSec: 5,
      cutsPerMinute: 6,
      rhythm: 'medium',
      notes: '',
    },
    format: { name: 'Step tutorial', description: 'One step per shot.', whyItWorks: '' },
    playbook: {
      script: [
        { t: 0, line: 'Stop buying lattes.' },
        { t: 4, line: 'Pour slowly.' },
      ],
      shotList: ['Beans', 'Pour'],
      setup: { camera: 'Phone', lighting: 'Window', audio: 'Lav', props: [] },
      editingGuide: { cutEverySec: 5, captions: 'Burn in', music: 'Low', notes: [] },
      caption: 'Coffee at home',
      cta: 'Follow',
    },
    experiments: [{ idea: 'Result first', why: 'Payoff' }],
    caveats: [],
  };
}

const check = (value: unknown) => validatePlaybookDocument(value, { analyzedSeconds: 10 });
/** Marks a field to delete. */
const GONE = Symbol('gone');

/** The sample with one field (a dotted path; array indexes as numbers) replaced or deleted. */
const broken = (path: string, value: unknown) => {
  const doc = JSON.parse(JSON.stringify(sampleDocument())) as Record<string, unknown>;
  const keys = path.split('.');
  let target = doc;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  if (value === GONE) delete target[keys[keys.length - 1]];
  else target[keys[keys.length - 1]] = value;
  return () => check(doc);
};

describe('validatePlaybookDocument', () => {
  it('accepts a valid document and returns a normalised copy', () => {
    const doc = sampleDocument();
    doc.hook.text = '  Stop buying lattes  ';
    (doc as unknown as Record<string, unknown>).extra = 'dropped';
    const valid = check(doc);
    expect(valid.hook.text).toBe('Stop buying lattes');
    expect(valid).not.toHaveProperty('extra');
    expect(valid.scenes).toEqual(sampleDocument().scenes);
  });

  it.each([
    ['version 1', 'version', 1, /^version/],
    ['another tier', 'tier', 'lite', /^tier/],
    ['no tier', 'tier', GONE, /^tier/],
    ['an empty hook.text', 'hook.text', ' ', /^hook\.text/],
    ['no hook.why', 'hook.why', GONE, /^hook\.why/],
    ['a hook ending after the span', 'hook.end', 30, /^hook\.end/],
    ['no scenes', 'scenes', [], /^scenes needs/],
    ['a scene ending where it starts', 'scenes.1.start', 10, /^scenes\[1\]/],
    ['a scene beyond the span', 'scenes.1.end', 12, /outside the analyzed span/],
    ['scenes starting late', 'scenes.0.start', 1, /^scenes\[0\]\.start/],
    ['a gap between scenes', 'scenes.1.start', 5, /without a gap or overlap/],
    ['scenes stopping before the end', 'scenes.1.end', 8, /must reach the end/],
    [
      'scenes out of order',
      'scenes',
      [
        { start: 0, end: 4, description: 'a' },
        { start: 4, end: 10, description: 'b' },
        { start: 2, end: 4, description: 'c' },
      ],
      /^scenes\[2\] is out of order/,
    ],
    ['no overlays', 'overlays', GONE, /^overlays/],
    ['an overlay with an unknown source', 'overlays.0.source', 'ocr', /^overlays\[0\]\.source/],
    ['no pacing', 'pacing', GONE, /^pacing/],
    ['no format', 'format', GONE, /^format/],
    ['no overview', 'overview', GONE, /^overview/],
    ['no transcript', 'transcript', GONE, /^transcript/],
    [
      'a transcript segment beyond the span',
      'transcript.segments.0.end',
      11,
      /^transcript\.segments\[0\]\.end/,
    ],
    ['a script beat beyond the span', 'playbook.script.1.t', 10.5, /^playbook\.script\[1\]\.t/],
    ['a negative script beat', 'playbook.script.0.t', -1, /^playbook\.script\[0\]\.t/],
    ['an empty script', 'playbook.script', [], /^playbook\.script/],
    ['a shot that is not a string', 'playbook.shotList', [{ shot: 1 }], /^playbook\.shotList\[0\]/],
    ['no caption', 'playbook.caption', GONE, /^playbook\.caption/],
    ['a numeric cta', 'playbook.cta', 3, /^playbook\.cta/],
    ['no experiments', 'experiments', [], /^experiments/],
    ['caveats not an array', 'caveats', 'none', /^caveats/],
  ])('refuses %s', (_label, path, value, message) => {
    expect(broken(path, value)).toThrow(PlaybookDocumentError);
    expect(broken(path, value)).toThrow(message);
  });

  it('refuses what is not a document at all', () => {
    for (const value of [null, 'text', [], 42]) {
      expect(() => check(value)).toThrow(PlaybookDocumentError);
    }
  });

  it('treats a rounding overshoot as the span end, and tolerates cuts a little off', () => {
    const doc = sampleDocument();
    doc.scenes[1].end = 10.04;
    doc.scenes[0].end = 4.2; // 0.2 s overlap: within the tolerance
    doc.playbook.script[1].t = 10.03;
    const valid = check(doc);
    expect(valid.scenes[1].end).toBe(10);
    expect(valid.playbook.script[1].t).toBe(10);
  });

  it('caps long lists instead of refusing them', () => {
    const doc = sampleDocument();
    doc.playbook.shotList = Array.from({ length: 200 }, (_, i) => `Shot ${i}`);
    expect(check(doc).playbook.shotList).toHaveLength(LIST_LIMITS.shotList);
  });

  it('accepts what the sandbox stand-in writes, in every language', () => {
    for (const language of ['en', 'zh-Hans', 'zh-Hant'] as const) {
      const document: PlaybookDocument = buildSandboxPlaybook({
        language,
        analyzedSeconds: 10,
        durationSec: 10,
        scenes: [
          { start: 0, end: 4 },
          { start: 4, end: 10 },
        ],
        transcript: [{ start: 0.5, end: 2, text: '先把咖啡豆磨好。' }],
        overlays: [{ start: 0, end: 2, text: '别再买拿铁了' }],
      });
      expect(() => check(document)).not.toThrow();
    }
  });
});

describe('PLAYBOOK_DOCUMENT_SCHEMA (what the model is sent)', () => {
  /** OpenAI strict structured outputs: these keywords only, every property required, no extras. */
  const STRICT_KEYWORDS = [
    'type',
    'enum',
    'properties',
    'required',
    'additionalProperties',
    'items',
  ];

  function expectStrict(node: Record<string, unknown>, path: string): void {
    for (const keyword of Object.keys(node)) {
      expect({ path, keyword, allowed: STRICT_KEYWORDS.includes(keyword) }).toEqual({
        path,
        keyword,
        allowed: true,
      });
    }
    if (node.type === 'object') {
      const properties = node.properties as Record<string, Record<string, unknown>>;
      expect({ path, required: node.required }).toEqual({
        path,
        required: Object.keys(properties),
      });
      expect({ path, additionalProperties: node.additionalProperties }).toEqual({
        path,
        additionalProperties: false,
      });
      for (const [key, child] of Object.entries(properties)) expectStrict(child, `${path}.${key}`);
    }
    if (node.type === 'array') expectStrict(node.items as Record<string, unknown>, `${path}[]`);
  }

  it('is strict-mode valid, and is the definition without our own rules', () => {
    expectStrict(PLAYBOOK_DOCUMENT_SCHEMA, 'document');
    expect(JSON.stringify(PLAYBOOK_DOCUMENT_SCHEMA)).not.toContain('check');
    expect(Object.keys(PLAYBOOK_DOCUMENT_SCHEMA.properties as object)).toEqual(
      Object.keys(PLAYBOOK_DOCUMENT.properties),
    );
  });
});

describe('readSchema', () => {
  it("keeps a capped list's first items and never reads the rest", () => {
    const doc = sampleDocument();
    doc.overlays = Array.from({ length: LIST_LIMITS.overlays + 1 }, (_, i) => ({
      start: 0,
      end: 1,
      text: `Text ${i}`,
      source: 'key_frame' as const,
    }));
    (doc.overlays[LIST_LIMITS.overlays] as unknown as Record<string, unknown>).source = 'ocr';
    expect(readSchema(PLAYBOOK_DOCUMENT, doc).overlays).toHaveLength(LIST_LIMITS.overlays);
  });

  it('reads an integer as any finite number, as the document always has', () => {
    expect(readSchema({ type: 'integer' }, 2.5)).toBe(2.5);
    expect(() => readSchema({ type: 'integer' }, Infinity)).toThrow('must be a number');
  });

  it('cuts long text, and lets only the fields that allow it be empty', () => {
    const doc = sampleDocument();
    doc.transcript.fullText = 'x'.repeat(30_000);
    doc.format.whyItWorks = '  ';
    const read = readSchema(PLAYBOOK_DOCUMENT, doc);
    expect(read.transcript.fullText).toHaveLength(20_000);
    expect(read.format.whyItWorks).toBe('');
    doc.format.description = ' ';
    expect(() => readSchema(PLAYBOOK_DOCUMENT, doc)).toThrow(
      'format.description must not be empty',
    );
  });
});

describe('checkTimings', () => {
  it('snaps rounding overshoot onto the span and rounds to milliseconds', () => {
    const doc = sampleDocument();
    doc.hook.start = -0.04;
    doc.overlays[0].end = 1.23456;
    const checked = checkTimings(doc, 10);
    expect(checked.hook.start).toBe(0);
    expect(checked.overlays[0].end).toBe(1.235);
  });

  it('refuses a hook that ends before it starts', () => {
    const doc = sampleDocument();
    doc.hook.start = 3;
    expect(() => checkTimings(doc, 10)).toThrow('hook ends before it starts');
  });
});

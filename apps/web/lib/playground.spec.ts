import type * as NextIntl from 'next-intl';
import { flatten, placeholders } from '../../../scripts/lib/message-parity';
import en from '../messages/en.json';
import zhHans from '../messages/zh-Hans.json';
import {
  buildInput,
  createJobRequest,
  curlCommand,
  EMPTY_FORMS,
  EXAMPLES,
  fieldOfParam,
  mediaUrl,
  parseLimit,
  PLAYGROUND_OPERATIONS,
  pollDelayMs,
  runPriceUsd,
  sdkSnippet,
  shellQuote,
  type FormState,
} from './playground';
import {
  activeSegment,
  assignLanes,
  clock,
  COMPACT_NUMBER,
  downloadName,
  fitBars,
  GROWTH_PERCENT,
  playbookMarkdown,
  sortReels,
  sparklinePoints,
  spanPercent,
  timelineSeconds,
  trendSeries,
} from './playground-results';
import type { PlaybookResult, ScanReel, SoundTrend } from './playground-types';

const forms = (patch: Partial<{ [K in keyof FormState]: Partial<FormState[K]> }>): FormState => ({
  assist: { ...EMPTY_FORMS.assist, ...patch.assist },
  scan: { ...EMPTY_FORMS.scan, ...patch.scan },
  playbook: { ...EMPTY_FORMS.playbook, ...patch.playbook },
  music: { ...EMPTY_FORMS.music, ...patch.music },
  trends: { ...EMPTY_FORMS.trends, ...patch.trends },
});

// next-intl is ESM only and this suite runs as CommonJS under Jest: it is loaded with Node's own
// require (require(esm): Node 20.19+ and 22.12+, the engines' range), not Jest's.
const nodeRequire = process.getBuiltinModule('node:module').createRequire(__filename);
const { createFormatter, createTranslator } = nodeRequire('next-intl') as typeof NextIntl;

const strict = {
  onError: (error: Error) => {
    throw error;
  },
};
const t = createTranslator({ locale: 'en', messages: en, namespace: 'playground', ...strict });
const zh = createTranslator({
  locale: 'zh-Hans',
  messages: zhHans,
  namespace: 'playground',
  ...strict,
});

describe('playground messages', () => {
  it('fills placeholders and chooses plural forms, in English and in Chinese', () => {
    expect(t('form.run', { operation: t('operations.scan.label') })).toBe('Run Scan');
    expect(zh('form.run', { operation: zh('operations.scan.label') })).toBe('运行短视频搜索');
    expect(t('liveConfirm.confirm', { price: '$0.150000' })).toBe('Run for $0.150000');
    expect(zh('liveConfirm.confirm', { price: '$0.150000' })).toBe('确认运行（$0.150000）');

    const summary = { niche: 'home espresso', market: 'network_a' };
    expect(t('scan.summary', { count: 1, ...summary })).toBe(
      '1 reel for “home espresso” on network_a',
    );
    expect(t('scan.summary', { count: 6, ...summary })).toBe(
      '6 reels for “home espresso” on network_a',
    );
    expect(zh('scan.summary', { count: 6, ...summary })).toBe(
      '在 network_a 上为“home espresso”找到 6 条短视频',
    );
    expect(t('playbook.sceneCount', { count: 1 })).toBe('1 scene');
    expect(t('playbook.sceneCount', { count: 4 })).toBe('4 scenes');
    expect(zh('playbook.sceneCount', { count: 4 })).toBe('4 个场景');
    expect(t('assist.historyNote', { count: 4 })).toBe('4 earlier turns are sent as history.');
    expect(t('music.summary', { count: 1, considered: 30 })).toBe(
      '1 sound for this video, best fit first (30 scored)',
    );
    expect(zh('music.summary', { count: 5, considered: 30 })).toBe(
      '为此视频推荐 5 首配乐，最匹配的在前（共评估 30 首）',
    );

    // Numbers as they are; the mode of the key to use; a label and its value.
    expect(t('form.errors.tooLong', { max: 2000 })).toBe('Use at most 2000 characters.');
    expect(t('code.keyNote', { mode: 'live' })).toContain('set REELSCOUT_API_KEY to a live key');
    expect(zh('code.keyNote', { mode: 'live' })).toContain('设为一个正式密钥');
    expect(zh('code.keyNote', { mode: 'test' })).toContain('设为一个测试密钥');
    expect(t('labelled', { label: 'Searched for', value: 'a · b' })).toBe('Searched for: a · b');
    expect(zh('labelled', { label: '搜索词', value: 'a · b' })).toBe('搜索词：a · b');
    expect(
      zh.markup('labelledStrong', { label: '字幕', value: '烧录', strong: (c) => `<b>${c}</b>` }),
    ).toBe('<b>字幕：</b>烧录');
  });

  it('renders every playground message in both languages (no straight apostrophes)', () => {
    const texts = flatten(en.playground) as Map<string, string>;
    const chinese = flatten(zhHans.playground) as Map<string, string>;
    expect(texts.size).toBeGreaterThan(200);
    for (const [key, english] of texts) {
      const values: Record<string, number | ((chunks: string) => string)> = {};
      for (const placeholder of placeholders(english)) {
        const [kind, name] = placeholder.split(':');
        values[name] = kind === 'tag' ? (chunks: string) => chunks : 2;
      }
      for (const [translate, text] of [
        [t, english],
        [zh, chinese.get(key)],
      ] as const) {
        expect(text).not.toContain("'");
        const shown = translate.markup(key as 'labelled', values);
        expect(shown.trim()).not.toBe('');
        expect(shown).not.toMatch(/[{}<>]/);
      }
    }
  });

  it('has a label and a blurb for every operation, and every example label', () => {
    for (const operation of PLAYGROUND_OPERATIONS) {
      for (const translate of [t, zh]) {
        expect(translate.has(`operations.${operation}.label`)).toBe(true);
        expect(translate.has(`operations.${operation}.blurb`)).toBe(true);
        for (const example of EXAMPLES[operation])
          expect(translate.has(`examples.${example.label}`)).toBe(true);
      }
    }
  });
});

describe('playground requests', () => {
  it('makes the /v1 bodies, leaving defaults out', () => {
    expect(buildInput('scan', forms({ scan: { query: 'espresso', limit: '5' } }), t)).toEqual({
      ok: true,
      input: { query: 'espresso', limit: 5 },
    });
    expect(buildInput('scan', forms({ scan: { query: '咖啡', market: 'network_b' } }), t)).toEqual({
      ok: true,
      input: { query: '咖啡', market: 'network_b', limit: 20 },
    });
    expect(
      buildInput('playbook', forms({ playbook: { url: ' https://x/v ', language: 'zh-Hant' } }), t),
    ).toEqual({ ok: true, input: { url: 'https://x/v', language: 'zh-Hant' } });
    expect(
      buildInput('music', forms({ music: { url: 'https://x/v', requireCommercial: true } }), t),
    ).toEqual({ ok: true, input: { url: 'https://x/v', limit: 10, requireCommercial: true } });
  });

  it('sends the last ten turns of the conversation as assist history', () => {
    const turns = Array.from({ length: 12 }, (_, i) => ({
      role: i % 2 ? ('agent' as const) : ('user' as const),
      text: `turn ${i}`,
    }));
    expect(buildInput('trends', forms({}), t)).toEqual({
      ok: true,
      input: { kind: 'sounds', market: 'network_a', limit: 20 },
    });
    expect(
      buildInput(
        'trends',
        forms({
          trends: { kind: 'hashtags', window: '30', stage: 'rising', sort: 'volume', limit: '50' },
        }),
        t,
      ),
    ).toEqual({
      ok: true,
      input: {
        kind: 'hashtags',
        market: 'network_a',
        window: 30,
        stage: ['rising'],
        sort: 'volume',
        limit: 50,
      },
    });
    expect(buildInput('trends', forms({ trends: { limit: '51' } }), t)).toEqual({
      ok: false,
      errors: { limit: 'Enter a whole number from 1 to 50.' },
    });
    const built = buildInput('assist', forms({ assist: { message: 'again' } }), t, turns);
    expect(built.ok && built.input.history?.map((turn) => turn.text)).toEqual(
      turns.slice(2).map((turn) => turn.text),
    );
    expect(buildInput('assist', forms({ assist: { message: 'hi' } }), t)).toEqual({
      ok: true,
      input: { message: 'hi' },
    });
  });

  it('refuses empty, over-long and out-of-range fields beside them', () => {
    expect(buildInput('scan', forms({ scan: { query: '  ', limit: '21' } }), t)).toEqual({
      ok: false,
      errors: { query: 'Fill this in.', limit: 'Enter a whole number from 1 to 20.' },
    });
    expect(buildInput('assist', forms({ assist: { message: 'x'.repeat(2001) } }), t)).toEqual({
      ok: false,
      errors: { message: 'Use at most 2000 characters.' },
    });
    expect(buildInput('scan', forms({ scan: { query: '', limit: '0' } }), zh)).toEqual({
      ok: false,
      errors: { query: '请填写此项。', limit: '请输入 1 到 20 之间的整数。' },
    });
    expect(buildInput('music', forms({ music: { url: '' } }), t).ok).toBe(false);
  });

  it('puts an API field error beside the field its param names', () => {
    expect(fieldOfParam('scan', 'input.limit')).toBe('limit');
    expect(fieldOfParam('assist', 'input.history[2].text')).toBe('message');
    expect(fieldOfParam('playbook', 'input.url')).toBe('url');
    expect(fieldOfParam('music', 'input.requireCommercial')).toBe('requireCommercial');
    expect(fieldOfParam('scan', 'operation')).toBeNull();
    expect(fieldOfParam('scan', 'input.url')).toBeNull();
    expect(fieldOfParam('scan', undefined)).toBeNull();
  });

  it('reads limits as whole numbers from 1 to 20', () => {
    expect(parseLimit('1')).toBe(1);
    expect(parseLimit(' 20 ')).toBe(20);
    for (const text of ['0', '21', '2.5', '-1', '', 'ten', '1e1'])
      expect(parseLimit(text)).toBeNull();
  });

  it('prices a run as the API holds it: scan per reel asked for, the others flat', () => {
    expect(runPriceUsd('assist', { message: 'x' })).toBe('0.010000');
    expect(runPriceUsd('scan', { query: 'x', limit: 5 })).toBe('0.037500');
    expect(runPriceUsd('scan', { query: 'x' })).toBe('0.150000');
    expect(runPriceUsd('playbook', { url: 'u' })).toBe('0.200000');
    expect(runPriceUsd('music', { url: 'u', limit: 3 })).toBe('0.250000');
  });

  it('asks live runs to confirm the price, test runs not', () => {
    expect(createJobRequest('scan', { query: 'x', limit: 4 }, 'live')).toEqual({
      path: '/account/jobs?mode=live',
      body: { operation: 'scan', input: { query: 'x', limit: 4 }, confirm_price_usd: '0.030000' },
    });
    expect(createJobRequest('music', { url: 'u' }, 'test').body).toEqual({
      operation: 'music',
      input: { url: 'u' },
    });
  });

  it('addresses the run’s media through the account routes', () => {
    expect(mediaUrl('job_1', 'test', 'cover', 3)).toBe(
      '/account/jobs/job_1/media/cover/3?mode=test',
    );
    expect(mediaUrl('job_1', 'live', 'video')).toBe('/account/jobs/job_1/media/video?mode=live');
    expect(mediaUrl('a/b', 'test', 'audio', 0)).toBe('/account/jobs/a%2Fb/media/audio/0?mode=test');
  });

  it('polls fast at first, then every second', () => {
    expect(pollDelayMs(0)).toBeLessThan(pollDelayMs(20));
    expect(pollDelayMs(20)).toBe(1000);
  });
});

describe('playground code samples', () => {
  it('quotes for a POSIX shell', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
  });

  it('writes the curl of the same request with the key elided', () => {
    const curl = curlCommand(
      'scan',
      { query: "barista's tips", limit: 5 },
      'http://localhost:4000/',
    );
    expect(curl).toBe(
      [
        'curl -sS -X POST http://localhost:4000/v1/scan \\',
        '  -H "Authorization: Bearer $REELSCOUT_API_KEY" \\',
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"query":"barista'\\''s tips","limit":5}'`,
      ].join('\n'),
    );
    expect(curl).not.toMatch(/rs_(test|live)_/);
  });

  it('writes the SDK call with the same body', () => {
    const code = sdkSnippet('playbook', { url: 'https://x/v' }, 'https://api.example.com');
    expect(code).toContain(`import { Reelscout } from '@reelscout/sdk';`);
    expect(code).toContain(`baseURL: "https://api.example.com"`);
    expect(code).toContain('apiKey: process.env.REELSCOUT_API_KEY');
    expect(code).toContain('await client.playbook({\n  "url": "https://x/v"\n});');
  });
});

const reel = (
  id: string,
  playCount: number,
  likeCount: number,
  score: number | null,
): ScanReel => ({
  id,
  url: `https://example.com/${id}`,
  coverUrl: null,
  authorHandle: null,
  authorName: null,
  caption: null,
  playCount,
  likeCount,
  commentCount: 0,
  shareCount: 0,
  durationSec: null,
  postedAt: null,
  relevance: score === null ? null : { score, reason: 'r' },
});

describe('scan results', () => {
  const reels = [
    reel('a', 900, 10, 4),
    reel('b', 500, 50, 9),
    reel('c', 500, 60, null),
    reel('d', 100, 1, 9),
  ];

  it('sorts by traction (views, then likes) keeping each reel’s index for its media', () => {
    expect(sortReels(reels, 'traction').map((item) => `${item.reel.id}${item.index}`)).toEqual([
      'a0',
      'c2',
      'b1',
      'd3',
    ]);
  });

  it('sorts by relevance, reels without a score last, ties by traction', () => {
    expect(sortReels(reels, 'relevance').map((item) => item.reel.id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('sorts by outlier score (negative ones included), reels without one or stored before it last', () => {
    const band = 'ordinary' as const;
    const scored = [
      { ...reel('a', 900, 10, null), outlier: { score: -3.5, multiple: 0.4, band } },
      { ...reel('b', 500, 50, null), outlier: null },
      { ...reel('c', 100, 60, null), outlier: { score: 41.2, multiple: 80, band } },
      reel('d', 700, 1, null),
      { ...reel('e', 50, 1, null), outlier: { score: 2, multiple: 1.5, band } },
    ];
    expect(sortReels(scored, 'outlier').map((item) => item.reel.id)).toEqual([
      'c',
      'e',
      'a',
      'd',
      'b',
    ]);
  });

  it('formats counts, growth and ages in the page’s language', () => {
    const format = createFormatter({ locale: 'en' });
    const zhFormat = createFormatter({ locale: 'zh-Hans' });
    expect(format.number(1_234_567, COMPACT_NUMBER)).toBe('1.2M');
    expect(format.number(999, COMPACT_NUMBER)).toBe('999');
    expect(zhFormat.number(1_234_567, COMPACT_NUMBER)).toBe('123.5万');
    expect(format.number(0.354, GROWTH_PERCENT)).toBe('+35%');
    expect(format.number(-0.5, GROWTH_PERCENT)).toBe('-50%');
    expect(format.number(0, GROWTH_PERCENT)).toBe('0%');
    const now = Date.parse('2026-01-22T00:00:00Z');
    expect(format.relativeTime(Date.parse('2026-01-01T00:00:00Z'), now)).toBe('3 weeks ago');
    expect(zhFormat.relativeTime(Date.parse('2026-01-21T00:00:00Z'), now)).toBe('1天前');
  });
});

const playbook = (): PlaybookResult => ({
  reel: {
    id: 'network_b:75',
    url: 'https://www.douyin.com/video/75',
    market: 'network_b',
    authorHandle: 'maya',
    caption: 'Latte *art* at home',
    durationSec: 13,
  },
  language: 'en',
  analyzedSeconds: 13,
  playbook: {
    version: 2,
    tier: 'full',
    overview: { summary: 's', audience: 'a', analyzedSeconds: 13, durationSec: 13, clipped: false },
    hook: { text: 'Stop buying lattes', why: 'A promise', start: 0, end: 2 },
    transcript: {
      language: 'en',
      source: 'transcription',
      fullText: 'one two',
      segments: [
        { start: 0, end: 2, text: 'one' },
        { start: 3, end: 5, text: 'two' },
      ],
    },
    scenes: [
      { start: 0, end: 4, description: 'Close-up' },
      { start: 4, end: 13, description: 'Pour' },
    ],
    overlays: [
      { start: 0, end: 3, text: 'A', source: 'sandbox_spec' },
      { start: 1, end: 2, text: 'B', source: 'sandbox_spec' },
      { start: 3, end: 6, text: 'C', source: 'sandbox_spec' },
    ],
    pacing: {
      analyzedSeconds: 13,
      sceneCount: 2,
      averageSceneSec: 6.5,
      cutsPerMinute: 9.2,
      rhythm: 'slow',
      notes: '',
    },
    format: { name: 'f', description: 'd', whyItWorks: 'w' },
    playbook: {
      script: [{ t: 0, line: 'Hook line' }],
      shotList: ['Wide shot'],
      setup: { camera: 'phone', lighting: 'window', audio: 'lav', props: ['cup'] },
      editingGuide: { cutEverySec: 6.5, captions: 'burned in', music: 'lo-fi', notes: ['n1'] },
      caption: 'cap',
      cta: 'Follow',
    },
    experiments: [{ idea: 'Shorter', why: 'retention' }],
    caveats: ['Her kitchen'],
  },
});

describe('playbook results', () => {
  it('follows playback through the transcript', () => {
    const { segments } = playbook().playbook.transcript;
    expect(activeSegment(segments, 0)).toBe(0);
    expect(activeSegment(segments, 2.5)).toBe(-1);
    expect(activeSegment(segments, 4.9)).toBe(1);
    expect(activeSegment(segments, 5)).toBe(-1);
  });

  it('places spans on the timeline in percent, clamped', () => {
    const result = playbook();
    expect(timelineSeconds(result)).toBe(13);
    expect(spanPercent(0, 6.5, 13)).toEqual({ left: 0, width: 50 });
    expect(spanPercent(10, 20, 10)).toEqual({ left: 100, width: 0 });
    expect(clock(75.4)).toBe('1:15');
    expect(clock(9)).toBe('0:09');
  });

  it('gives overlapping on-screen texts their own rows', () => {
    expect(assignLanes(playbook().playbook.overlays)).toEqual([0, 1, 0]);
    expect(assignLanes([])).toEqual([]);
  });

  it('writes the playbook as Markdown, escaping the video’s own text', () => {
    const markdown = playbookMarkdown(playbook(), t);
    expect(markdown.startsWith('# Playbook: Latte \\*art\\* at home\n')).toBe(true);
    expect(markdown).toContain('> Stop buying lattes');
    expect(markdown).toContain('1. **0:00–0:04** Close-up');
    expect(markdown).toContain('- `0:03` two');
    expect(markdown).toContain('## Shot list\n\n1. Wide shot');
    expect(markdown).toContain('- Camera: phone');
    expect(markdown).toContain('- **Shorter**: retention');
    expect(markdown.endsWith('- Her kitchen\n')).toBe(true);
    const chinese = playbookMarkdown(playbook(), zh);
    expect(chinese.startsWith('# 视频拆解：Latte \\*art\\* at home\n')).toBe(true);
    expect(chinese).toContain('## 分镜清单\n\n1. Wide shot');
    expect(chinese).toContain('- 拍摄设备：phone');
    expect(chinese).toContain('- 每 6.5 秒剪切一次');
  });

  it('keeps a multi-line caption or hook on its line, and no raw HTML', () => {
    const result = playbook();
    result.reel.caption = 'Latte art\n\nat <b>home</b>';
    result.playbook.hook.text = 'Stop\nbuying lattes';
    const markdown = playbookMarkdown(result, t);
    expect(markdown.split('\n')[0]).toBe('# Playbook: Latte art at &lt;b>home&lt;/b>');
    expect(markdown).toContain('> Stop buying lattes\n');
  });

  it('names downloads safely', () => {
    expect(downloadName('playbook', 'network_b:75/x', 'json')).toBe('playbook-network_b_75_x.json');
  });
});

describe('music results', () => {
  const trend = (patch: Partial<SoundTrend>): SoundTrend => ({
    direction: 'rising',
    usageCount: 1000,
    growth: 0.5,
    strength: 0.6,
    basis: 'usage_history',
    ...patch,
  });

  it('draws the fit breakdown in the API’s order', () => {
    expect(
      fitBars({
        score: 0.7,
        why: 'w',
        parts: { tempo: 0.9, energy: 0.456, mood: 1.2, length: -1 },
      }),
    ).toEqual([
      { part: 'tempo', percent: 90 },
      { part: 'energy', percent: 46 },
      { part: 'mood', percent: 100 },
      { part: 'length', percent: 0 },
    ]);
    expect(fitBars({ score: 0.7, why: 'w' })).toEqual([]);
  });

  it('draws the history when the result has one, else the ends its growth implies', () => {
    expect(trendSeries(trend({ history: [{ value: 1 }, { value: 3 }, { value: 2 }] }))).toEqual([
      1, 3, 2,
    ]);
    expect(trendSeries(trend({ growth: 0.5 }))).toEqual([1, 1.5]);
    expect(trendSeries(trend({ growth: -2 }))).toEqual([1, 0]);
    expect(trendSeries(trend({ growth: null }))).toEqual([0, 1]);
    expect(trendSeries(trend({ growth: null, direction: 'steady' }))).toEqual([1, 1]);
    expect(trendSeries(trend({ basis: 'chart_movement', growth: null }))).toBeNull();
  });

  it('fits a sparkline in its box; a flat series is a flat line', () => {
    expect(sparklinePoints([0, 10], 100, 20)).toBe('2,18 98,2');
    expect(sparklinePoints([5, 5, 5], 100, 20)).toBe('2,10 50,10 98,10');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });
});

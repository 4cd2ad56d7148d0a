import { isLanguage, type Language } from '@reelscout/domain';
import { Converter, type ConverterFunction } from 'opencc-js';
import type { TimedText } from '../providers/provider.types';
import {
  arrayField,
  field,
  missingInput,
  type SandboxLlmRule,
} from '../providers/sandbox/sandbox-rule';
import { rhythmFor, type PlaybookDocument, type Rhythm } from './playbook.document';
import type { PlaybookAnalysisInput } from './playbook.prompt';

/**
 * The sandbox LLM's playbook: a full version-2 `PlaybookDocument` (playbook.document.ts)
 * assembled by rules from the real media analysis of the sandbox video — its measured scene cuts,
 * the transcript, the known on-screen text, loudness and speech share — in the requested language,
 * with Traditional characters for `zh-Hant` (OpenCC). Deterministic and pure. Every timing lies
 * in [0, analyzedSeconds]; nothing after it is described.
 *
 * It reads pixels no more than the live path's OCR-less pipeline does: on-screen text is the
 * overlay text it is given, and scene descriptions say what is known about each scene (length,
 * what is said, what is shown as text), not what a camera saw.
 */

/** playbook in test mode: the sandbox's stand-in answers `PLAYBOOK_DOCUMENT_PROMPT` by rules. */
export const PLAYBOOK_DOCUMENT_SANDBOX: SandboxLlmRule<PlaybookAnalysisInput, PlaybookDocument> = {
  read: (input) => {
    const language = field(input, 'language');
    const analyzed = field(input, 'analyzedSeconds');
    if (!isLanguage(language) || typeof analyzed !== 'number') {
      throw missingInput('playbook_document');
    }
    return {
      ...(input as PlaybookAnalysisInput),
      scenes: arrayField(input, 'scenes'),
      transcript: arrayField(input, 'transcript'),
      overlays: arrayField(input, 'overlays'),
    };
  },
  answer: buildSandboxPlaybook,
};

type Strings = {
  noHook: string;
  hookWhy: (kind: 'text' | 'spoken' | 'caption' | 'visual') => string;
  summary: (
    seconds: number,
    rhythm: string,
    scenes: number,
    talk: boolean,
    topic: string,
  ) => string;
  audience: (tags: string[]) => string;
  scene: (n: number, seconds: number, said?: string, shown?: string) => string;
  rhythm: Record<Rhythm, string>;
  pacingNotes: (every: number, perMinute: number, rhythm: Rhythm) => string;
  formatName: (hasTalk: boolean, hasText: boolean) => string;
  formatDescription: string;
  whyItWorks: (hasTalk: boolean) => string;
  shot: (n: number, seconds: number, what: string) => string;
  setup: { camera: string; lighting: string; audio: string; props: string[] };
  captions: string;
  music: (speechShare: number | null) => string;
  editNotes: (loudness: number | null, hookEnd: number) => string[];
  caption: (hook: string) => string;
  cta: string;
  experiments: { idea: string; why: string }[];
  caveats: string[];
};

const EN: Strings = {
  noHook: 'A visual opening without words',
  hookWhy: (kind) =>
    ({
      text: 'The on-screen promise lands before the first cut, so viewers know why to stay.',
      spoken: 'It states the payoff in the first seconds, so viewers know why to stay.',
      caption: 'The caption sets up the payoff the opening shot delivers.',
      visual: 'The first shot shows the result before anything is explained.',
    })[kind],
  summary: (seconds, rhythm, scenes, talk, topic) =>
    `A ${seconds}-second ${rhythm} reel in ${scenes} scenes, ${talk ? 'talked through' : 'told with on-screen text'}${topic ? `: ${topic}` : '.'}`,
  audience: (tags) =>
    `Viewers who want a quick, practical result they can copy today${tags.length ? ` (${tags.map((t) => `#${t}`).join(' ')})` : ''}.`,
  scene: (n, seconds, said, shown) =>
    `Scene ${n} (${seconds} s)` +
    (shown ? `, on screen: “${shown}”` : '') +
    (said ? `, says: “${said}”` : '') +
    (!said && !shown ? ': a visual beat without words' : ''),
  rhythm: { fast: 'fast-cut', medium: 'steady', slow: 'slow, lingering' },
  pacingNotes: (every, perMinute, rhythm) =>
    `A cut about every ${every} s (${perMinute} per minute): ${rhythm === 'fast' ? 'keep every shot short and let each cut land on a new idea' : rhythm === 'medium' ? 'one idea per shot, cut as soon as it is said' : 'long takes; the voice carries the video, so keep it moving'}.`,
  formatName: (talk, text) =>
    talk && text
      ? 'Talking tutorial with text hooks'
      : talk
        ? 'Voice-over tutorial'
        : 'Text-led montage',
  formatDescription:
    'Promise a result up front, show each step as its own shot, close with a reason to follow.',
  whyItWorks: (talk) =>
    talk
      ? 'The promise is made in the first seconds and every cut pays off one step of it, so there is always a reason to keep watching.'
      : 'Each cut reveals the next step on screen, so viewers keep watching to see the result.',
  shot: (n, seconds, what) => `Shot ${n} (${seconds} s): ${what}`,
  setup: {
    camera: 'Phone on a tripod at eye level, vertical 9:16, 1080p 30fps.',
    lighting: 'Soft window light from the side; no overhead light.',
    audio: 'Clip-on mic or a quiet room; record the voice-over separately if needed.',
    props: ['The product or result you show in the first shot', 'A clean, uncluttered background'],
  },
  captions: 'Burn in the spoken lines as captions, two lines at most, centred in the lower third.',
  music: (speech) =>
    speech !== null && speech > 0.6
      ? 'A low bed under the voice; duck it by about 12 dB while talking.'
      : 'Let the music carry the quiet stretches; cut on its beats.',
  editNotes: (loudness, hookEnd) => [
    `Put the hook on screen for the first ${hookEnd} s, before the first cut.`,
    loudness !== null && loudness > -60
      ? `The original mixes to about ${loudness} LUFS; deliver at −14 LUFS or louder.`
      : 'Deliver the mix at about −14 LUFS.',
    'Cut out every breath and pause longer than a third of a second.',
  ],
  caption: (hook) => `${hook} — save this for later.`,
  cta: 'Follow for part 2.',
  experiments: [
    {
      idea: 'Open on the finished result, then rewind.',
      why: 'Shows the payoff before the steps.',
    },
    { idea: 'Cut every scene 30% shorter.', why: 'Tests whether a faster rhythm lifts retention.' },
    { idea: 'Ask a question in the caption.', why: 'Invites comments, which widen reach.' },
  ],
  caveats: [
    'The creator’s own audience and voice carry part of the result.',
    'Trending sounds change weekly; pick a current one.',
  ],
};

const ZH_HANS: Strings = {
  noHook: '无台词的画面开场',
  hookWhy: (kind) =>
    ({
      text: '第一个镜头切换前就给出画面承诺，观众知道为什么要看下去。',
      spoken: '开头几秒就点明收获，观众知道为什么要看下去。',
      caption: '文案先抛出收获，开场画面马上兑现。',
      visual: '第一个镜头先展示结果，再开始讲解。',
    })[kind],
  summary: (seconds, rhythm, scenes, talk, topic) =>
    `一条${seconds}秒、${rhythm}的短视频，共${scenes}个镜头，${talk ? '口播讲解' : '用画面文字讲述'}${topic ? `：${topic}` : '。'}`,
  audience: (tags) =>
    `想要马上能学会、能照做的实用内容的观众${tags.length ? `（${tags.map((t) => `#${t}`).join(' ')}）` : ''}。`,
  scene: (n, seconds, said, shown) =>
    `镜头${n}（${seconds}秒）` +
    (shown ? `，画面文字：“${shown}”` : '') +
    (said ? `，口播：“${said}”` : '') +
    (!said && !shown ? '：无台词的画面' : ''),
  rhythm: { fast: '快节奏', medium: '节奏平稳', slow: '节奏舒缓' },
  pacingNotes: (every, perMinute, rhythm) =>
    `大约每${every}秒一个剪辑点（每分钟${perMinute}次）：${rhythm === 'fast' ? '每个镜头都要短，每次切换都带出一个新信息' : rhythm === 'medium' ? '一个镜头讲一件事，说完就切' : '长镜头为主，靠口播推进，节奏不能拖'}。`,
  formatName: (talk, text) =>
    talk && text ? '口播教程＋文字钩子' : talk ? '配音教程' : '文字主导的混剪',
  formatDescription: '开头先给结果，每一步单独一个镜头，结尾给出关注的理由。',
  whyItWorks: (talk) =>
    talk
      ? '开头几秒就给出承诺，每个镜头兑现其中一步，观众始终有理由看下去。'
      : '每次切换都在画面上揭晓下一步，观众为了看到结果会一直看下去。',
  shot: (n, seconds, what) => `镜头${n}（${seconds}秒）：${what}`,
  setup: {
    camera: '手机三脚架，平视机位，竖屏9:16，1080p 30帧。',
    lighting: '侧面窗户自然光，不用顶灯。',
    audio: '领夹麦或安静房间，必要时单独录配音。',
    props: ['第一个镜头要展示的产品或成品', '干净整洁的背景'],
  },
  captions: '把口播内容做成字幕，最多两行，放在画面下三分之一居中。',
  music: (speech) =>
    speech !== null && speech > 0.6
      ? '背景音乐压低，说话时再降12分贝。'
      : '安静的段落交给音乐，按节拍剪辑。',
  editNotes: (loudness, hookEnd) => [
    `前${hookEnd}秒、第一次切换之前就把钩子放上画面。`,
    loudness !== null && loudness > -60
      ? `原视频响度约${loudness} LUFS；成片响度做到−14 LUFS左右。`
      : '成片响度做到−14 LUFS左右。',
    '剪掉所有超过三分之一秒的停顿和换气。',
  ],
  caption: (hook) => `${hook}，先收藏再看！`,
  cta: '关注我看下期。',
  experiments: [
    { idea: '先放成品，再倒回开始。', why: '先让观众看到结果。' },
    { idea: '每个镜头缩短30%。', why: '测试更快的节奏能否提高完播率。' },
    { idea: '文案里抛出一个问题。', why: '引导评论，扩大曝光。' },
  ],
  caveats: ['博主本身的粉丝和个人风格也贡献了部分效果。', '热门音乐每周都在变，记得选当下流行的。'],
};

/** Taiwan usage where it differs in words, not only in characters (the rest is converted). */
const ZH_HANT: Strings = {
  ...ZH_HANS,
  summary: (seconds, rhythm, scenes, talk, topic) =>
    `一支${seconds}秒、${rhythm}的短影音，共${scenes}個鏡頭，${talk ? '口播講解' : '用畫面文字講述'}${topic ? `：${topic}` : '。'}`,
  formatName: (talk, text) =>
    talk && text ? '口播教學＋文字鉤子' : talk ? '配音教學' : '文字主導的混剪',
  formatDescription: '開頭先給結果，每一步單獨一個鏡頭，結尾給出追蹤的理由。',
  setup: {
    camera: '手機三腳架，平視機位，直式9:16，1080p 30幀。',
    lighting: '側面窗戶自然光，不用頂燈。',
    audio: '領夾麥或安靜房間，必要時單獨錄旁白。',
    props: ['第一個鏡頭要展示的產品或成品', '乾淨整潔的背景'],
  },
  captions: '把口播內容做成字幕，最多兩行，放在畫面下三分之一置中。',
  cta: '追蹤我看下一集。',
  experiments: [
    { idea: '先放成品，再倒回開始。', why: '先讓觀眾看到結果。' },
    { idea: '每個鏡頭縮短30%。', why: '測試更快的節奏能否提高完播率。' },
    { idea: '文案裡拋出一個問題。', why: '引導留言，擴大曝光。' },
  ],
  caveats: [
    '創作者本身的粉絲和個人風格也貢獻了部分效果。',
    '熱門音樂每週都在變，記得選當下流行的。',
  ],
};

const STRINGS: Record<Language, Strings> = { en: EN, 'zh-Hans': ZH_HANS, 'zh-Hant': ZH_HANT };

const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function buildSandboxPlaybook(input: PlaybookAnalysisInput): PlaybookDocument {
  const s = STRINGS[input.language];
  const limit = Math.max(0, round3(input.analyzedSeconds));
  const clip = <T extends { start: number; end: number }>(items: T[]): T[] =>
    items
      .filter((item) => item.start < limit && item.end > item.start)
      .map((item) => ({
        ...item,
        start: round3(Math.max(0, item.start)),
        end: round3(Math.min(limit, item.end)),
      }))
      .filter((item) => item.end > item.start)
      .sort((a, b) => a.start - b.start);

  const transcript = clip(input.transcript).map(({ start, end, text }) => ({ start, end, text }));
  const overlays = clip(input.overlays).map(({ start, end, text, source }) => ({
    start,
    end,
    text,
    source: source ?? ('sandbox_spec' as const),
  }));
  const scenesIn = clip(input.scenes);
  const spans = scenesIn.length > 0 ? scenesIn : [{ start: 0, end: limit }];
  const scenes = spans.map((scene, index) => ({
    start: scene.start,
    end: scene.end,
    description:
      ('description' in scene && scene.description) ||
      s.scene(
        index + 1,
        round1(scene.end - scene.start),
        lineDuring(scene, transcript),
        lineDuring(scene, overlays),
      ),
  }));

  const hookOverlay = overlays.find((overlay) => overlay.start < 1);
  const hookLine = transcript.find((line) => line.start < 3);
  const captionHook = firstSentence(input.caption);
  const hookText = hookOverlay?.text ?? hookLine?.text ?? captionHook ?? s.noHook;
  const hookKind = hookOverlay ? 'text' : hookLine ? 'spoken' : captionHook ? 'caption' : 'visual';
  const hookEnd = round3(
    Math.min(limit, Math.max(hookOverlay?.end ?? 0, hookLine?.end ?? 0) || scenes[0].end),
  );

  const averageSceneSec = Math.round((limit / scenes.length) * 100) / 100;
  const cutsPerMinute =
    input.cutsPerMinute ?? (limit > 0 ? round1(((scenes.length - 1) / limit) * 60) : 0);
  const rhythm = rhythmFor(averageSceneSec);
  const talk = transcript.length > 0;
  const scriptSource = talk ? transcript : overlays;
  const script =
    scriptSource.length > 0
      ? scriptSource.map((segment) => ({ t: segment.start, line: segment.text }))
      : scenes.map((scene) => ({ t: scene.start, line: scene.description }));
  const hashtags = (input.hashtags ?? []).slice(0, 4);

  const document: PlaybookDocument = {
    version: 2,
    tier: 'full',
    overview: {
      summary: s.summary(
        Math.round(limit),
        s.rhythm[rhythm],
        scenes.length,
        talk,
        firstSentence(input.caption) ?? '',
      ),
      audience: s.audience(hashtags),
      analyzedSeconds: limit,
      durationSec: input.durationSec ?? null,
      clipped: input.clipped ?? (input.durationSec ? input.durationSec > limit + 0.05 : false),
    },
    hook: { text: hookText, why: s.hookWhy(hookKind), start: 0, end: hookEnd },
    transcript: {
      language: input.transcriptLanguage ?? null,
      source: input.transcriptSource ?? (talk ? 'platform_captions' : 'none'),
      fullText: transcript.map((segment) => segment.text).join(' '),
      segments: transcript,
    },
    scenes,
    overlays,
    pacing: {
      analyzedSeconds: limit,
      sceneCount: scenes.length,
      averageSceneSec,
      cutsPerMinute,
      rhythm,
      notes: s.pacingNotes(round1(averageSceneSec), round1(cutsPerMinute), rhythm),
    },
    format: {
      name: s.formatName(talk, overlays.length > 0),
      description: s.formatDescription,
      whyItWorks: s.whyItWorks(talk),
    },
    playbook: {
      script,
      shotList: scenes.map((scene, index) =>
        s.shot(
          index + 1,
          round1(scene.end - scene.start),
          lineDuring(scene, scriptSource) ?? scene.description,
        ),
      ),
      setup: { ...s.setup, props: [...s.setup.props] },
      editingGuide: {
        cutEverySec: averageSceneSec,
        captions: s.captions,
        music: s.music(input.audio?.speechShare ?? null),
        notes: s.editNotes(
          input.audio?.loudnessLufs != null ? round1(input.audio.loudnessLufs) : null,
          round1(hookEnd),
        ),
      },
      caption: s.caption(hookText),
      cta: s.cta,
    },
    experiments: s.experiments.map((experiment) => ({ ...experiment })),
    caveats: [...s.caveats],
  };
  return input.language === 'zh-Hant' ? traditional(document) : document;
}

/** The line that starts in the scene, else the one still running when it starts. */
function lineDuring(scene: { start: number; end: number }, lines: TimedText[]): string | undefined {
  return (
    lines.find((line) => line.start >= scene.start && line.start < scene.end) ??
    lines.find((line) => line.start < scene.end && line.end > scene.start)
  )?.text;
}

function firstSentence(caption: string | null | undefined): string | undefined {
  const text = caption?.replace(/#[^\s#]+/g, '').trim();
  if (!text) return undefined;
  return text.split(/(?<=[.!?。！？])\s*/)[0];
}

let toTraditional: ConverterFunction | undefined;

/** Every string in Traditional characters (OpenCC, Taiwan standard); built on first use. */
function traditional<T>(value: T): T {
  toTraditional ??= Converter({ from: 'cn', to: 'tw' });
  const convert = (item: unknown): unknown => {
    if (typeof item === 'string') return toTraditional!(item);
    if (Array.isArray(item)) return item.map(convert);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, v]) => [key, convert(v)]));
    }
    return item;
  };
  return convert(value) as T;
}

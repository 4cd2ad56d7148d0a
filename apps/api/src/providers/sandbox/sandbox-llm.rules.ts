import { DomainError, isLanguage, isMarket, type Market } from '@reelscout/domain';
import { matchNiches } from './sandbox-catalogue';
import { magicPhraseIn, SANDBOX_MAGIC_PHRASES } from './sandbox-magic';
import type { NicheDefinition } from './sandbox-niches';
import {
  containsKeyword,
  contentWords,
  handlesIn,
  hasHan,
  singular,
  toSimplified,
} from './sandbox-text';
import {
  buildSandboxPlaybook,
  type PlaybookAnalysisInput,
  type SandboxPlaybookDocument,
} from './playbook-document.builder';

/**
 * The rule-based stand-in for the LLM in test mode. Deterministic: the same input always gives
 * the same answer. It reads the structured `input` of a request (never the prompt text); the
 * table `SANDBOX_LLM_RULES` maps each schema name it knows to its rule. Unknown names fail with
 * `provider_error`, as a real model would fail a schema it cannot satisfy.
 */

export interface HistoryEntry {
  role: 'user' | 'agent';
  text: string;
}

/** What each known schema name expects as `StructuredRequest.input`. */
export interface SandboxLlmInputs {
  assist_intent: { message: string; history?: HistoryEntry[] };
  scan_plan: { query: string; market: Market };
  scan_relevance: {
    query: string;
    reels: {
      id: string;
      caption: string | null;
      hashtags?: string[];
      authorHandle?: string | null;
    }[];
  };
  playbook_document: PlaybookAnalysisInput;
}

/** What each rule answers (the operations' schemas describe the same shapes). */
export interface SandboxLlmOutputs {
  assist_intent: { intent: 'scan' | 'chat' | 'refuse'; reply: string; query: string | null };
  scan_plan: { niche: string; phrases: string[] };
  scan_relevance: { scores: { id: string; score: number; reason: string }[] };
  playbook_document: SandboxPlaybookDocument;
}

export type SandboxSchemaName = keyof SandboxLlmInputs;

type Rule<K extends SandboxSchemaName> = {
  /** Reads the request's `input` (or, when absent, the prompt's user text) or throws. */
  read(input: unknown, user: string): SandboxLlmInputs[K];
  answer(input: SandboxLlmInputs[K]): SandboxLlmOutputs[K];
};

/** The one mapping table: schema name → rule. */
export const SANDBOX_LLM_RULES: { [K in SandboxSchemaName]: Rule<K> } = {
  assist_intent: {
    read: (input, user) => ({
      message: stringField(input, 'message') ?? user,
      history: historyField(input),
    }),
    answer: classifyIntent,
  },
  scan_plan: {
    read: (input, user) => {
      const market = field(input, 'market');
      return {
        query: stringField(input, 'query') ?? user,
        market: isMarket(market) ? market : hasHan(user) ? 'network_b' : 'network_a',
      };
    },
    answer: planScan,
  },
  scan_relevance: {
    read: (input) => {
      const query = stringField(input, 'query');
      const reels = field(input, 'reels');
      if (query === undefined || !Array.isArray(reels)) throw missingInput('scan_relevance');
      return {
        query,
        reels: reels.map((reel) => ({
          id: String(field(reel, 'id') ?? ''),
          caption: stringField(reel, 'caption') ?? null,
          hashtags: (field(reel, 'hashtags') as string[] | undefined) ?? [],
          authorHandle: stringField(reel, 'authorHandle') ?? null,
        })),
      };
    },
    answer: scoreRelevance,
  },
  playbook_document: {
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
  },
};

export function isSandboxSchemaName(name: string): name is SandboxSchemaName {
  return Object.prototype.hasOwnProperty.call(SANDBOX_LLM_RULES, name);
}

/** The stand-in's answer for a request; `provider_error` for a schema it does not know. */
export function sandboxAnswer(name: string, input: unknown, user: string): unknown {
  if (!isSandboxSchemaName(name)) {
    throw new DomainError(
      'provider_error',
      `The language model (sandbox stand-in) has no rule for the "${name}" answer.`,
    );
  }
  const rule = SANDBOX_LLM_RULES[name] as Rule<SandboxSchemaName>;
  return rule.answer(rule.read(input, user));
}

// ---------------------------------------------------------------------------------------------
// assist_intent

const ABUSE = [
  'idiot',
  'stupid',
  'fuck',
  'shit',
  'bitch',
  'moron',
  'kill yourself',
  'hate you',
  'dumb bot',
  '傻逼',
  '去死',
  '滚开',
  '白痴',
  '废物',
];
const OUT_OF_SCOPE = [
  'hack',
  'password',
  'bomb',
  'weapon',
  'drugs',
  'essay',
  'homework',
  'diagnose',
  'prescription',
  'lawsuit',
  'stock tips',
  'bitcoin price',
  'weather',
  'porn',
  'nsfw',
  'election',
  'politics',
  'credit card number',
  '黑客',
  '炸弹',
  '毒品',
  '作业',
  '论文',
  '天气',
  '股票',
  '政治',
  '色情',
];
const SCAN_WORDS = [
  'reel',
  'video',
  'trend',
  'trending',
  'idea',
  'competitor',
  'content',
  'tiktok',
  'douyin',
  'viral',
  'hook',
  'inspiration',
  'format',
  'example',
  'scan',
  'find',
  'show me',
  'search',
  '视频',
  '短视频',
  '爆款',
  '找',
  '竞品',
  '灵感',
  '选题',
  '抖音',
  '热门',
  '案例',
  '参考',
];
const SMALL_TALK = [
  'hi',
  'hello',
  'hey',
  'yo',
  'thanks',
  'thank you',
  'thx',
  'cheers',
  'ok',
  'okay',
  'cool',
  'great',
  'nice',
  'bye',
  'good morning',
  'good evening',
  'how are you',
  'who are you',
  '你好',
  '您好',
  '嗨',
  '哈喽',
  '谢谢',
  '多谢',
  '好的',
  '再见',
  '你是谁',
];
/** Messages that only make sense on top of the previous brief. */
const FOLLOW_UP =
  /^(?:(?:ok|okay|great|cool|nice|thanks)[,!. ]+)?(?:same|the same|do the same|same thing|what about|how about|instead)\b|same but|instead of|换成|改成|同样|那.{1,12}呢/i;
/** Openers that make a follow-up only when the message names no reels of its own. */
const WEAK_FOLLOW_UP = /^(?:now|and|but|also|again)\b/i;
const MAX_HISTORY = 10;

export function classifyIntent(
  input: SandboxLlmInputs['assist_intent'],
): SandboxLlmOutputs['assist_intent'] {
  const message = input.message.trim().slice(0, 2000);
  const zh = hasHan(message);
  if (message === '') return chat(zh, 'hello');
  if (ABUSE.some((word) => containsKeyword(message, word))) {
    return {
      intent: 'refuse',
      reply: zh
        ? '我们保持友好交流吧。我可以帮你查找和分析短视频内容。'
        : 'Let’s keep it friendly. I can help you find and analyse short-form video formats.',
      query: null,
    };
  }
  if (OUT_OF_SCOPE.some((word) => containsKeyword(message, word))) {
    return {
      intent: 'refuse',
      reply: zh
        ? '这个我帮不上忙。我只能帮你查找和分析短视频内容。'
        : 'I can’t help with that. I can only help you find and analyse short-form video formats.',
      query: null,
    };
  }

  const previous = lastScanQuery(input.history ?? []);
  if (previous !== null && isFollowUp(message)) {
    const subject = followUpSubject(message);
    if (subject !== null) return scan(zh, foldSubject(previous, subject));
  }
  if (isScanRequest(message)) return scan(zh, message.replace(/\s+/g, ' '));
  if (SMALL_TALK.some((phrase) => containsKeyword(message, phrase))) {
    return chat(zh, /thank|thx|cheers|谢/i.test(message) ? 'thanks' : 'hello');
  }
  return chat(zh, 'unclear');
}

function isFollowUp(message: string): boolean {
  return (
    FOLLOW_UP.test(message) ||
    (WEAK_FOLLOW_UP.test(message) && !SCAN_WORDS.some((word) => containsKeyword(message, word)))
  );
}

function isScanRequest(message: string): boolean {
  return (
    SCAN_WORDS.some((word) => containsKeyword(message, word)) ||
    handlesIn(message).length > 0 ||
    matchNiches(message).length > 0 ||
    magicPhraseIn(message) !== null
  );
}

/** The scan query the conversation had reached before this message (follow-ups folded in). */
function lastScanQuery(history: HistoryEntry[]): string | null {
  let query: string | null = null;
  for (const entry of history.slice(-MAX_HISTORY)) {
    if (entry.role !== 'user') continue;
    const text = entry.text.trim();
    if (query !== null && isFollowUp(text)) {
      const subject = followUpSubject(text);
      if (subject !== null) {
        query = foldSubject(query, subject);
        continue;
      }
    }
    if (isScanRequest(text) && !ABUSE.some((word) => containsKeyword(text, word))) query = text;
  }
  return query;
}

/** "same but for cats" → "cats"; "what about skincare?" → "skincare"; "换成猫" → "猫". */
function followUpSubject(message: string): string | null {
  const zh =
    /(?:换成|改成)(.+?)[的吧呢。！？!?.\s]*$/.exec(message) ?? /那(.{1,12}?)呢/.exec(message);
  if (zh) return zh[1].trim() || null;
  const en =
    /\b(?:for|about|with|on|to)\s+([^,.!?]+?)\s*(?:instead)?[.!?]*$/i.exec(message) ??
    /\b(?:what about|how about|now|and)\s+([^,.!?]+?)\s*[.!?]*$/i.exec(message);
  if (!en) return null;
  const subject = en[1]
    .replace(/^(?:my|a|an|the|some)\s+/i, '')
    .replace(/\b(?:reels?|videos?|content|ideas?|trends?|clips?)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return subject === '' ? null : subject;
}

/**
 * Puts a new subject into the previous brief: the previous niche's core word is replaced
 * ("dog food brand" + "cats" → "cat food brand"); without one, the subject is appended.
 */
export function foldSubject(previous: string, subject: string): string {
  const niche: NicheDefinition | undefined = matchNiches(previous)[0]?.niche;
  if (hasHan(subject) || hasHan(previous)) {
    const core = niche?.subject.zh;
    if (core && previous.includes(core)) return previous.split(core).join(subject);
    return `${previous}，${subject}`;
  }
  const core = niche?.subject.en;
  const words = subject.toLowerCase().split(/\s+/);
  const replacement = [...words.slice(0, -1), singular(words[words.length - 1])].join(' ');
  if (core) {
    let replaced = false;
    const folded = previous.replace(/[A-Za-z']+/g, (word) => {
      if (singular(word.toLowerCase()) === core) {
        replaced = true;
        const plural = word.toLowerCase() !== core && word.toLowerCase().endsWith('s');
        return plural && !replacement.endsWith('s') ? `${replacement}s` : replacement;
      }
      return word;
    });
    if (replaced) return folded;
  }
  return `${previous} for ${subject}`;
}

function scan(zh: boolean, query: string): SandboxLlmOutputs['assist_intent'] {
  return {
    intent: 'scan',
    reply: zh
      ? `好的，我会按“${query}”去找相关的爆款视频。准备好后用这个查询运行 scan。`
      : `Got it — I'll look for reels about "${query}". Run a scan with this query when you're ready.`,
    query,
  };
}

function chat(
  zh: boolean,
  kind: 'hello' | 'thanks' | 'unclear',
): SandboxLlmOutputs['assist_intent'] {
  const replies = {
    hello: zh
      ? '你好！告诉我你的领域、产品或竞品账号，我来帮你找爆款视频。'
      : 'Hi! Tell me your niche, product or a competitor’s @handle and I’ll find reels for it.',
    thanks: zh ? '不客气！还想看哪个领域的视频？' : 'You’re welcome! Want reels for another niche?',
    unclear: zh
      ? '我可以帮你找短视频灵感。说说你的产品或想做的内容吧。'
      : 'I can find short-form video ideas for you. What do you sell, or what kind of reels are you after?',
  };
  return { intent: 'chat', reply: replies[kind], query: null };
}

// ---------------------------------------------------------------------------------------------
// scan_plan

const ZH_FILLER = [
  '帮我',
  '给我',
  '我想',
  '我要',
  '请',
  '找一些',
  '找',
  '一些',
  '有哪些',
  '推荐',
  '关于',
  '抖音',
  '短视频',
  '视频',
  '爆款',
  '的',
  '内容',
  '灵感',
  '选题',
  '做',
  // The same fillers in Traditional script (a Traditional brief is planned in its own script).
  '幫我',
  '給我',
  '請',
  '推薦',
  '關於',
  '短視頻',
  '短影音',
  '視頻',
  '影片',
  '內容',
  '靈感',
  '選題',
];
const PHRASE_SUFFIXES = { en: ['tips', 'ideas', 'tutorial'], zh: ['教程', '分享', '推荐'] };
const MIN_PHRASES = 3;
const MAX_PHRASES = 6;

export function planScan(input: SandboxLlmInputs['scan_plan']): SandboxLlmOutputs['scan_plan'] {
  const query = input.query.trim().slice(0, 2000);
  const zhMarket = input.market === 'network_b';
  const magic = magicPhraseIn(query);
  const handles = handlesIn(query);
  const niche = matchNiches(query)[0]?.niche;
  // network_b is searched in Simplified Chinese: a Traditional brief sent there is folded first.
  const core = hasHan(query)
    ? chineseCore(zhMarket ? toSimplified(query) : query)
    : contentWords(query).slice(0, 4).join(' ');

  const phrases: string[] = [];
  const add = (phrase: string) => {
    const clean = phrase.replace(/\s+/g, ' ').trim().slice(0, 80);
    if (clean !== '' && !phrases.some((known) => known.toLowerCase() === clean.toLowerCase())) {
      phrases.push(clean);
    }
  };
  if (core) add(core);
  handles.forEach(add);
  if (niche) (zhMarket ? niche.keywords.zh : niche.keywords.en).slice(0, 3).forEach(add);
  const base = core || (niche ? (zhMarket ? niche.label.zh : niche.label.en) : query.slice(0, 40));
  for (const suffix of PHRASE_SUFFIXES[zhMarket ? 'zh' : 'en']) {
    if (phrases.length >= MIN_PHRASES) break;
    add(zhMarket ? `${base}${suffix}` : `${base} ${suffix}`);
  }
  const chosen = phrases.slice(0, MAX_PHRASES);
  // Magic words survive planning so a test can reach the sandbox's failure modes through scan.
  const withMagic = magic
    ? chosen.map((phrase) =>
        magicPhraseIn(phrase) ? phrase : `${SANDBOX_MAGIC_PHRASES[magic]} ${phrase}`,
      )
    : chosen;
  return {
    niche: niche ? (zhMarket ? niche.label.zh : niche.label.en) : (core || query).slice(0, 60),
    phrases: withMagic,
  };
}

function chineseCore(query: string): string {
  let core = query.replace(/@[\w.]+/g, ' ');
  for (const filler of ZH_FILLER) core = core.split(filler).join(' ');
  return core
    .replace(/[，。！？、,.!?]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 30);
}

// ---------------------------------------------------------------------------------------------
// scan_relevance

export function scoreRelevance(
  input: SandboxLlmInputs['scan_relevance'],
): SandboxLlmOutputs['scan_relevance'] {
  const zh = hasHan(input.query);
  const terms = relevanceTerms(input.query);
  const handles = handlesIn(input.query).map((handle) => handle.slice(1).toLowerCase());
  return {
    scores: input.reels.map((reel) => {
      const text = `${reel.caption ?? ''} ${(reel.hashtags ?? []).join(' ')}`;
      const matched = terms.filter((term) => containsKeyword(text, term));
      const byHandle = reel.authorHandle
        ? handles.includes(reel.authorHandle.toLowerCase())
        : false;
      const base = [1, 5, 7, 8, 9][Math.min(matched.length, 4)];
      const score = Math.min(10, byHandle ? Math.max(base + 1, 8) : base);
      return { id: reel.id, score, reason: relevanceReason(zh, matched, byHandle) };
    }),
  };
}

/** The brief's topic words, plus the keywords (both languages) of the niches it names. */
function relevanceTerms(query: string): string[] {
  const terms = new Set<string>(contentWords(query));
  for (const { niche } of matchNiches(query)) {
    for (const keyword of [...niche.keywords.en, ...niche.keywords.zh]) terms.add(keyword);
  }
  return [...terms];
}

function relevanceReason(zh: boolean, matched: string[], byHandle: boolean): string {
  const shown = matched.slice(0, 3);
  if (zh) {
    if (byHandle) return '来自需求中点名的账号。';
    return shown.length > 0
      ? `提到了${shown.join('、')}，与需求相关。`
      : '与需求没有共同的关键词。';
  }
  if (byHandle) return 'Posted by an account the brief names.';
  return shown.length > 0
    ? `Mentions ${shown.join(', ')}, which matches the brief.`
    : 'Shares no keywords with the brief.';
}

// ---------------------------------------------------------------------------------------------

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function stringField(value: unknown, key: string): string | undefined {
  const found = field(value, key);
  return typeof found === 'string' ? found : undefined;
}

function arrayField<T>(value: unknown, key: string): T[] {
  const found = field(value, key);
  return Array.isArray(found) ? (found as T[]) : [];
}

function historyField(value: unknown): HistoryEntry[] {
  return arrayField<unknown>(value, 'history')
    .map((entry) => ({ role: field(entry, 'role'), text: field(entry, 'text') }))
    .filter(
      (entry): entry is HistoryEntry =>
        (entry.role === 'user' || entry.role === 'agent') && typeof entry.text === 'string',
    );
}

function missingInput(name: string): DomainError {
  return new DomainError(
    'provider_error',
    `The language model (sandbox stand-in) needs the structured input for "${name}".`,
  );
}

import { matchNiches } from '../providers/sandbox/sandbox-catalogue';
import { magicPhraseIn } from '../providers/sandbox/sandbox-magic';
import type { NicheDefinition } from '../providers/sandbox/sandbox-niches';
import {
  arrayField,
  field,
  stringField,
  type SandboxLlmRule,
} from '../providers/sandbox/sandbox-rule';
import { containsKeyword, handlesIn, hasHan, singular } from '../providers/sandbox/sandbox-text';
import type { AssistIntentAnswer, AssistIntentInput, HistoryEntry } from './assist.prompt';

/**
 * assist in test mode: the sandbox's stand-in for the model answers `ASSIST_INTENT_PROMPT` by
 * rules (abuse and out-of-scope words refuse, video words scan, follow-ups fold into the
 * previous brief, small talk chats), in the message's language.
 */
export const ASSIST_INTENT_SANDBOX: SandboxLlmRule<AssistIntentInput, AssistIntentAnswer> = {
  read: (input, user) => ({
    message: stringField(input, 'message') ?? user,
    history: historyField(input),
  }),
  answer: classifyIntent,
};

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

export function classifyIntent(input: AssistIntentInput): AssistIntentAnswer {
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

function scan(zh: boolean, query: string): AssistIntentAnswer {
  return {
    intent: 'scan',
    reply: zh
      ? `好的，我会按“${query}”去找相关的爆款视频。准备好后用这个查询运行 scan。`
      : `Got it — I'll look for reels about "${query}". Run a scan with this query when you're ready.`,
    query,
  };
}

function chat(zh: boolean, kind: 'hello' | 'thanks' | 'unclear'): AssistIntentAnswer {
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

function historyField(value: unknown): HistoryEntry[] {
  return arrayField<unknown>(value, 'history')
    .map((entry) => ({ role: field(entry, 'role'), text: field(entry, 'text') }))
    .filter(
      (entry): entry is HistoryEntry =>
        (entry.role === 'user' || entry.role === 'agent') && typeof entry.text === 'string',
    );
}

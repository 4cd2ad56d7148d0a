import { isMarket } from '@reelscout/domain';
import { matchNiches } from '../providers/sandbox/sandbox-catalogue';
import { magicPhraseIn, SANDBOX_MAGIC_PHRASES } from '../providers/sandbox/sandbox-magic';
import {
  field,
  missingInput,
  stringField,
  type SandboxLlmRule,
} from '../providers/sandbox/sandbox-rule';
import {
  containsKeyword,
  contentWords,
  handlesIn,
  hasHan,
  toSimplified,
} from '../providers/sandbox/sandbox-text';
import type {
  ScanPlanAnswer,
  ScanPlanInput,
  ScanRelevanceAnswer,
  ScanRelevanceInput,
} from './scan.prompt';

/**
 * scan in test mode: the sandbox's stand-in for the model answers `SCAN_PLAN_PROMPT` from the
 * sandbox niches the brief names (phrases in the market's language, @handles kept, magic words
 * kept so a test can reach the sandbox's failure modes through scan)…
 */
export const SCAN_PLAN_SANDBOX: SandboxLlmRule<ScanPlanInput, ScanPlanAnswer> = {
  read: (input, user) => {
    const market = field(input, 'market');
    return {
      query: stringField(input, 'query') ?? user,
      market: isMarket(market) ? market : hasHan(user) ? 'network_b' : 'network_a',
    };
  },
  answer: planScan,
};

/** …and `SCAN_RELEVANCE_PROMPT` by keyword overlap with the brief (a named @handle scores high). */
export const SCAN_RELEVANCE_SANDBOX: SandboxLlmRule<ScanRelevanceInput, ScanRelevanceAnswer> = {
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
};

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

export function planScan(input: ScanPlanInput): ScanPlanAnswer {
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

export function scoreRelevance(input: ScanRelevanceInput): ScanRelevanceAnswer {
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

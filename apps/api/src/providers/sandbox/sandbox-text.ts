import { foldToSimplified } from '@reelscout/domain';
import { SANDBOX_NICHES } from './sandbox-niches';

/**
 * Keyword matching for the sandbox's search and its rule-based LLM: English by whole words,
 * Chinese by substring (Chinese has no spaces between words), in either script: Traditional
 * text is folded to Simplified first, so a Traditional brief finds the niches whose keywords are
 * written in Simplified.
 */

const HAN = /\p{Script=Han}/u;

export function hasHan(text: string): boolean {
  return HAN.test(text);
}

/** Recent foldings: the same captions are matched against many keywords. Cleared when full. */
const folded = new Map<string, string>();
const FOLDED_MAX = 5_000;

/**
 * Text with its Traditional characters (OpenCC, Taiwan and Hong Kong variants) replaced by their
 * Simplified forms, character by character (opencc-js). Simplified and latin text comes back
 * unchanged. Used on both sides of a comparison, so the two always fold the same way.
 */
export function toSimplified(text: string): string {
  if (!hasHan(text)) return text;
  const known = folded.get(text);
  if (known !== undefined) return known;
  const simplified = foldToSimplified(text);
  if (folded.size >= FOLDED_MAX) folded.clear();
  folded.set(text, simplified);
  return simplified;
}

/** Lower-case latin words (letters, digits, `'`), without the `#`/`@` of tags and handles. */
export function latinWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).map((word) => word.replace(/'s$/, ''));
}

/**
 * The words of the last text matched, in their singular forms: one text is matched against many
 * keywords in a row (a message against every niche's keywords, a caption against every term),
 * so it is split once.
 */
const lastSplit: { text: string | null; words: readonly string[] } = { text: null, words: [] };

function wordsOf(text: string): readonly string[] {
  if (lastSplit.text !== text) {
    lastSplit.words = latinWords(text).map(singular);
    lastSplit.text = text;
  }
  return lastSplit.words;
}

/** A keyword made ready for matching: its Simplified form (Chinese) or its singular words. */
interface Needle {
  han: string | null;
  parts: readonly string[];
}

/** Keywords already made ready: the same lists are matched call after call. Cleared when full. */
const needles = new Map<string, Needle>();
const NEEDLES_MAX = 5_000;

function needleOf(keyword: string): Needle {
  let needle = needles.get(keyword);
  if (needle !== undefined) return needle;
  const text = keyword.toLowerCase().trim();
  needle = hasHan(text)
    ? { han: toSimplified(text), parts: [] }
    : { han: null, parts: latinWords(text).map(singular) };
  if (needles.size >= NEEDLES_MAX) needles.clear();
  needles.set(keyword, needle);
  return needle;
}

/**
 * True when `keyword` occurs in `text`: as whole word(s) for latin, singular and plural alike
 * ("cat" / "cats", "puppy" / "puppies"), as a substring for Chinese.
 */
export function containsKeyword(text: string, keyword: string): boolean {
  const { han, parts } = needleOf(keyword);
  if (han !== null) return toSimplified(text.toLowerCase()).includes(han);
  if (parts.length === 0) return false;
  const words = wordsOf(text);
  for (let i = 0; i + parts.length <= words.length; i += 1) {
    let j = 0;
    while (j < parts.length && words[i + j] === parts[j]) j += 1;
    if (j === parts.length) return true;
  }
  return false;
}

/** A word's singular form, so that singular and plural count as the same word. */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Words that carry no topic: left out of phrases and relevance terms. */
export const STOP_WORDS = new Set(
  (
    'a an the and or but for of to in on at by with from about into over my our your their his her ' +
    'its me i we you they he she it this that these those is are was were be been am do does did ' +
    'can could would should will shall may might must please find show give get make search scan ' +
    'look looking want need some any more most best top good great new latest reel reels video ' +
    'videos tiktok douyin clip clips content post posts idea ideas trend trends trending viral hook ' +
    'hooks format formats example examples inspiration like similar same brand brands business ' +
    'account accounts competitor competitors what which who how why where when help hey hi hello ' +
    'thanks thank just also now then than so very really sell selling run running small shop ' +
    'store company startup product products niche'
  ).split(' '),
);

/** The topic words of a latin text, in order, without stop words and duplicates. */
export function contentWords(text: string): string[] {
  const words: string[] = [];
  for (const word of latinWords(text.replace(/@[\w.]+/g, ' '))) {
    if (word.length < 2 || STOP_WORDS.has(word) || /^[0-9]+$/.test(word)) continue;
    if (!words.includes(word)) words.push(word);
  }
  return words;
}

/** `@handles` named in a text, without duplicates (the `@` kept). */
export function handlesIn(text: string): string[] {
  const handles: string[] = [];
  for (const match of text.matchAll(/@([A-Za-z0-9._]{2,30})/g)) {
    const handle = `@${match[1].replace(/\.+$/, '')}`;
    if (!handles.some((known) => known.toLowerCase() === handle.toLowerCase())) {
      handles.push(handle);
    }
  }
  return handles;
}

/**
 * The words a phrase ranks sandbox entries (reels, sounds) by: its content words, and the
 * sandbox niches' Chinese keywords it contains.
 */
export function rankingTerms(phrase: string): string[] {
  const chinese = SANDBOX_NICHES.flatMap((niche) => niche.keywords.zh).filter((keyword) =>
    phrase.includes(keyword),
  );
  return [...contentWords(phrase), ...chinese];
}

import {
  ConverterFactory,
  Locale,
  type ConverterFunction,
  type DictGroup,
  type DictLike,
} from 'opencc-js';

/**
 * Simplified vs Traditional Chinese, decided character by character against OpenCC's
 * dictionaries (opencc-js), not guessed by a language detector (docs/architecture.md §8).
 *
 * - A character is **Traditional evidence** when OpenCC's Traditional→Simplified character table
 *   changes it (`們`, `這`, `灣`, `學`).
 * - A character is **Simplified evidence** when the Simplified→Traditional character table changes
 *   it for every Traditional standard OpenCC knows: OpenCC's own, Taiwan's and Hong Kong's. So `台`
 *   (kept by the Hong Kong standard), `群` and `床` (kept by Taiwan's) are not evidence, because
 *   Traditional writers use them every day.
 * - A short curated list of characters that are both a Simplified form and a standard Traditional
 *   character in their own right (`游` as in 游泳, `范` the surname, `征` as in 征服) is neutral too.
 * - Every other character (`中`, `北`, `京`, `美`, `食`) is neutral.
 *
 * Only the single-character tables are used: phrase tables would make a decision depend on
 * neighbours and cost about a second to load. Converters are built lazily, once per process.
 */

export type HanCharacterScript = 'simplified' | 'traditional' | 'neutral';
export type DominantScript = 'simplified' | 'traditional' | 'none';

export interface ScriptEvidence {
  /** Han characters in the text. */
  han: number;
  simplified: number;
  traditional: number;
  /** Hiragana or Katakana present: the Han characters are Japanese kanji, not Chinese. */
  japanese: boolean;
}

/** Simplified forms that are also standard Traditional characters; never counted as evidence. */
export const SHARED_SIMPLIFIED_TRADITIONAL = '游范征干朴里后余云冲准咸丑斗于几划仆蜡尸叶';

interface Converters {
  toTraditional: ConverterFunction;
  toTaiwan: ConverterFunction;
  toHongKong: ConverterFunction;
  toSimplified: ConverterFunction;
  /** Taiwan and Hong Kong variants first, then Traditional → Simplified. */
  foldToSimplified: ConverterFunction;
}

let converters: Converters | undefined;
const characterCache = new Map<string, HanCharacterScript>();

function isCharacterDict(dict: DictLike): boolean {
  const sources =
    typeof dict === 'string'
      ? dict.split('|').map((entry) => entry.split(' ')[0])
      : dict.map((pair) => pair[0]);
  return sources.every((source) => [...source].length === 1);
}

/** Keeps only the character tables of a preset; falls back to the whole preset if none is found. */
function characterTables(groups: readonly DictGroup[] | undefined): DictGroup[] {
  if (!groups) return [];
  const filtered = groups
    .map((group) => group.filter(isCharacterDict))
    .filter((group) => group.length > 0);
  return filtered.length > 0 ? filtered : [...groups];
}

function loadConverters(): Converters {
  if (!converters) {
    const fromSimplified = characterTables(Locale.from.cn);
    converters = {
      toTraditional: ConverterFactory(fromSimplified),
      toTaiwan: ConverterFactory(fromSimplified, characterTables(Locale.to.tw)),
      toHongKong: ConverterFactory(fromSimplified, characterTables(Locale.to.hk)),
      toSimplified: ConverterFactory(characterTables(Locale.to.cn)),
      foldToSimplified: ConverterFactory(
        characterTables(Locale.from.tw),
        characterTables(Locale.from.hk),
        characterTables(Locale.to.cn),
      ),
    };
  }
  return converters;
}

/**
 * Text with its Traditional characters (OpenCC, Taiwan and Hong Kong variants included) replaced
 * by their Simplified forms, character by character. Simplified and latin text comes back
 * unchanged.
 */
export function foldToSimplified(text: string): string {
  return loadConverters().foldToSimplified(text);
}

/** Builds the converters now (about 0.1 s) instead of on the first brief that needs them. */
export function warmUpHanScript(): void {
  loadConverters();
}

const HAN = /^\p{Script=Han}$/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function isHanCharacter(ch: string): boolean {
  return HAN.test(ch);
}

/** Which script a single character is evidence for. Non-Han characters are neutral. */
export function classifyHanCharacter(ch: string): HanCharacterScript {
  if (!HAN.test(ch)) return 'neutral';
  const cached = characterCache.get(ch);
  if (cached) return cached;
  const c = loadConverters();
  let script: HanCharacterScript = 'neutral';
  if (c.toSimplified(ch) !== ch) {
    script = 'traditional';
  } else if (
    !SHARED_SIMPLIFIED_TRADITIONAL.includes(ch) &&
    c.toTraditional(ch) !== ch &&
    c.toTaiwan(ch) !== ch &&
    c.toHongKong(ch) !== ch
  ) {
    script = 'simplified';
  }
  characterCache.set(ch, script);
  return script;
}

/** Counts script evidence in a text. */
export function scriptEvidence(text: string): ScriptEvidence {
  const evidence: ScriptEvidence = {
    han: 0,
    simplified: 0,
    traditional: 0,
    japanese: KANA.test(text),
  };
  for (const ch of text) {
    if (!HAN.test(ch)) continue;
    evidence.han += 1;
    const script = classifyHanCharacter(ch);
    if (script === 'simplified') evidence.simplified += 1;
    else if (script === 'traditional') evidence.traditional += 1;
  }
  return evidence;
}

/**
 * The script a text is written in: whichever side has more evidence characters; `none` when
 * there is no evidence, when both sides are equal, or when the text is Japanese (kanji follow
 * neither standard: 学 and 東 appear side by side).
 */
export function dominantScript(evidence: ScriptEvidence): DominantScript {
  if (evidence.japanese) return 'none';
  if (evidence.simplified > evidence.traditional) return 'simplified';
  if (evidence.traditional > evidence.simplified) return 'traditional';
  return 'none';
}

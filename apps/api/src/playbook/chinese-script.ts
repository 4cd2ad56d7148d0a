import type { Language } from '@reelscout/domain';
import { Converter, type ConverterFunction } from 'opencc-js';

/**
 * Puts a playbook's Chinese text into the script its language asks for, with OpenCC (opencc-js):
 * `zh-Hant` → Traditional characters (Taiwan standard: characters and their phrase-level
 * disambiguation, e.g. 头发 → 頭髮, 后来 → 後來; vocabulary is left as written); `zh-Hans` →
 * Simplified. Only Han characters change, so English text passes through untouched; `en` is
 * never converted. The transcript converts too: it is the same speech in the reader's script.
 *
 * Building a converter loads OpenCC's dictionaries (about 0.5 s), so each direction is built
 * once per process, on first use.
 */

let toTraditional: ConverterFunction | undefined;
let toSimplified: ConverterFunction | undefined;

const HAN = /\p{Script=Han}/u;

/** The text in the script of `language` (unchanged for `en` and for text without Han). */
export function toLanguageScript(text: string, language: Language): string {
  if (language === 'en' || !HAN.test(text)) return text;
  if (language === 'zh-Hant') {
    toTraditional ??= Converter({ from: 'cn', to: 'tw' });
    return toTraditional(text);
  }
  toSimplified ??= Converter({ from: 't', to: 'cn' });
  return toSimplified(text);
}

/** Every string inside `value` (objects and arrays, deeply) in the script of `language`. */
export function deepToLanguageScript<T>(value: T, language: Language): T {
  if (language === 'en') return value;
  return convert(value, language) as T;
}

function convert(value: unknown, language: Language): unknown {
  if (typeof value === 'string') return toLanguageScript(value, language);
  if (Array.isArray(value)) return value.map((item) => convert(item, language));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, convert(item, language)]),
    );
  }
  return value;
}

/** True for a language tag of Chinese (`zh`, `zh-Hans`, `cmn-Hans-CN`, `yue`). */
export function isChineseTag(tag: string | null | undefined): boolean {
  return typeof tag === 'string' && /^(zh|cmn|yue)(\b|[-_])/i.test(tag.trim());
}

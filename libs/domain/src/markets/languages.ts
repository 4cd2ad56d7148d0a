import { DomainError } from '../errors';
import type { Market } from '../modes';

/** Playbook languages (docs/api.md, "Links and markets"; docs/architecture.md §8). */
export const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Every accepted spelling, keyed in lower case. The three values themselves are accepted in any
 * case too (`ZH-HANS`), as are the listed aliases (docs/architecture.md §8).
 */
const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = {
  en: 'en',
  english: 'en',
  'zh-hans': 'zh-Hans',
  chinese: 'zh-Hans',
  simplified: 'zh-Hans',
  zh: 'zh-Hans',
  'zh-cn': 'zh-Hans',
  'zh-hant': 'zh-Hant',
  traditional: 'zh-Hant',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
};

/** The language a playbook is written in when the caller does not choose one. */
export function defaultLanguageFor(market: Market): Language {
  return market === 'network_b' ? 'zh-Hans' : 'en';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Resolves a `language` request field: absent (`undefined` or `null`) → the market's default;
 * a value or alias, trimmed and case-insensitive → one of `en`, `zh-Hans`, `zh-Hant`;
 * anything else → 400 `invalid_request` with `param: "language"`.
 */
export function resolveLanguage(input: unknown, market: Market): Language {
  if (input === undefined || input === null) return defaultLanguageFor(market);
  if (typeof input === 'string') {
    const key = input.trim().toLowerCase();
    if (Object.prototype.hasOwnProperty.call(LANGUAGE_ALIASES, key)) return LANGUAGE_ALIASES[key];
  }
  throw new DomainError(
    'invalid_request',
    'language must be one of en, zh-Hans, zh-Hant (aliases: english, chinese, simplified, zh, ' +
      'zh-CN, traditional, zh-TW, zh-HK).',
    { param: 'language' },
  );
}

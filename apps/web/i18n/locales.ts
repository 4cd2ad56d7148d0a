/** The dashboard's languages. No locale in URLs: a cookie, else the browser's Accept-Language. */
export const LOCALES = ['en', 'zh-Hans'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie the language switch sets (and `request.ts` reads first). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/** Each language as it names itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-Hans': '简体中文' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Chinese written in simplified characters: `zh`, `zh-CN`, `zh-Hans(-…)`, `zh-SG`, `zh-MY`. */
function isSimplifiedChinese(tag: string): boolean {
  const parts = tag.toLowerCase().split('-');
  if (parts[0] !== 'zh') return false;
  if (parts.length === 1) return true;
  if (parts.includes('hant')) return false;
  if (parts.includes('hans')) return true;
  return ['cn', 'sg', 'my'].includes(parts[1]);
}

/**
 * The locale an `Accept-Language` header asks for: its languages by preference (q, then order);
 * the first that is English or simplified Chinese wins; none of them: English.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    if (isSimplifiedChinese(tag)) return 'zh-Hans';
    if (tag.toLowerCase().split('-')[0] === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}

/** The locale of a request: the cookie when it names one of ours, else the browser's. */
export function resolveLocale(cookie: string | undefined, acceptLanguage: string | null): Locale {
  return isLocale(cookie) ? cookie : localeFromAcceptLanguage(acceptLanguage);
}

/**
 * The locale Intl formats dates with: British English (`21 Nov 2025, 16:42`) for `en`, mainland
 * simplified Chinese for `zh-Hans`.
 */
export function formatLocale(locale: string): string {
  return locale === 'zh-Hans' ? 'zh-Hans-CN' : 'en-GB';
}

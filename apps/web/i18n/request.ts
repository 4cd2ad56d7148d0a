import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { LOCALE_COOKIE, resolveLocale, type Locale } from './locales';

const MESSAGES: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../messages/en.json'),
  'zh-Hans': () => import('../messages/zh-Hans.json'),
};

/**
 * The locale and messages of each request (no locale routing): the `NEXT_LOCALE` cookie the
 * language switch sets, else the browser's `Accept-Language` (simplified Chinese → zh-Hans,
 * anything else → en).
 */
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(
    cookieStore.get(LOCALE_COOKIE)?.value,
    headerList.get('accept-language'),
  );
  return { locale, messages: (await MESSAGES[locale]()).default };
});

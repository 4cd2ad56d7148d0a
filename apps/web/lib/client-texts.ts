import en from '../messages/en.json';
import zhHans from '../messages/zh-Hans.json';

type ClientTexts = typeof en.errors.client;

/**
 * The few texts made outside React (the API client's own failures): in the page's language,
 * which the root layout writes into `<html lang>`.
 */
export function clientTexts(): ClientTexts {
  return pageLocale() === 'zh-Hans' ? zhHans.errors.client : en.errors.client;
}

/** The page's language as the root layout wrote it into `<html lang>` (`en` outside a browser). */
export function pageLocale(): string {
  return typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
}

/** `{status}` in a text → the value. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

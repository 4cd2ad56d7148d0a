'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from '../../i18n/locales';

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * English or 简体中文: remembers the choice in the `NEXT_LOCALE` cookie (read by i18n/request.ts)
 * and re-renders the page in it. Each language is a button named in its own language.
 */
export function LanguageSwitch() {
  const t = useTranslations('language');
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(locale: Locale) {
    if (locale === current) return;
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
    startTransition(() => router.refresh());
  }

  return (
    <div
      className="language-switch"
      role="group"
      aria-label={t('label')}
      aria-busy={pending || undefined}
      data-testid="language-switch"
    >
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="language-option"
          aria-pressed={locale === current}
          onClick={() => choose(locale)}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </div>
  );
}

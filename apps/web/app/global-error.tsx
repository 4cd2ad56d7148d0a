'use client';

import { useEffect, useState } from 'react';
import { LOCALE_COOKIE, resolveLocale, type Locale } from '../i18n/locales';
import en from '../messages/en.json';
import zhHans from '../messages/zh-Hans.json';
import './globals.css';

const TEXTS: Record<Locale, typeof en.errors> = { en: en.errors, 'zh-Hans': zhHans.errors };

/** The reader's language without the root layout (and its provider): cookie, else the browser's. */
function clientLocale(): Locale {
  const cookie = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  return resolveLocale(cookie, navigator.languages.join(','));
}

/** A failure in the root layout itself. No details: they belong in logs, not on screen. */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  const [locale, setLocale] = useState<Locale>('en');
  useEffect(() => setLocale(clientLocale()), []);
  const t = TEXTS[locale];
  return (
    <html lang={locale}>
      <body>
        <main id="main" className="centered">
          <div className="panel">
            <h1>{t.pageTitle}</h1>
            <p>{t.globalText}</p>
            <button type="button" className="button" onClick={reset}>
              {t.tryAgain}
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}

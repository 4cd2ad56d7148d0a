'use client';

import { useTranslations } from 'next-intl';

/** Any rendering failure: a plain apology and a retry, never the error's details. */
export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('errors');
  return (
    <main id="main" className="centered">
      <div className="panel">
        <h1>{t('pageTitle')}</h1>
        <p>{t('pageText')}</p>
        <p className="actions">
          <button type="button" className="button" onClick={reset}>
            {t('tryAgain')}
          </button>
          <a className="button secondary" href="/">
            {t('overview')}
          </a>
        </p>
      </div>
    </main>
  );
}

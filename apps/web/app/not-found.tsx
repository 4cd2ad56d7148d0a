import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export default async function NotFound() {
  const t = await getTranslations('errors');
  return (
    <main id="main" className="centered">
      <div className="panel">
        <h1>{t('notFoundTitle')}</h1>
        <p>{t('notFoundText')}</p>
        <p>
          <Link className="button" href="/">
            {t('notFoundLink')}
          </Link>
        </p>
      </div>
    </main>
  );
}

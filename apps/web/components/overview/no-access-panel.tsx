import { useTranslations } from 'next-intl';

/** Shown instead of API settings to accounts without the API access grant. */
export function NoAccessPanel() {
  const t = useTranslations('overview.noAccess');
  return (
    <section className="panel" aria-labelledby="no-access-heading" data-testid="no-api-access">
      <h2 id="no-access-heading">{t('title')}</h2>
      <p>{t.rich('text', { strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <p className="muted">{t('meantime')}</p>
    </section>
  );
}

import { useTranslations } from 'next-intl';

/** A polite, labelled loading indicator. */
export function Loading({ label }: { label?: string }) {
  const t = useTranslations('common');
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('loading')}
    </p>
  );
}

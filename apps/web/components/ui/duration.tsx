import { useFormatter, useTranslations } from 'next-intl';

/** `340 ms`, `12.4 s` (`340 毫秒`, `12.4 秒`): the page language's digits and units. */
export function Duration({ ms }: { ms: number }) {
  const t = useTranslations('common.duration');
  const format = useFormatter();
  if (ms < 1000) return <>{t('milliseconds', { ms: format.number(ms) })}</>;
  const seconds = format.number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return <>{t('seconds', { seconds })}</>;
}

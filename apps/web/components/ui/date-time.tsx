'use client';

import { useLocale } from 'next-intl';
import { formatLocale } from '../../i18n/locales';
import { formatDateTime, formatUtc } from '../../lib/format';

/**
 * A time as the reader's local time with its offset, in the page's language
 * (`21 Nov 2025, 16:42 GMT+1`, `2025年11月21日 GMT+1 16:42`); hovering it shows the same instant
 * in UTC, and the element carries the ISO value for machines.
 */
export function DateTime({ iso, withSeconds = false }: { iso: string; withSeconds?: boolean }) {
  const locale = formatLocale(useLocale());
  return (
    <time dateTime={iso} title={formatUtc(iso)}>
      {formatDateTime(iso, { withSeconds, locale })}
    </time>
  );
}

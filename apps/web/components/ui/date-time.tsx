import { formatDateTime, formatUtc } from '../../lib/format';

/**
 * A time as the reader's local time with its offset (`21 Nov 2025, 16:42 GMT+1`); hovering it
 * shows the same instant in UTC, and the element carries the ISO value for machines.
 */
export function DateTime({ iso, withSeconds = false }: { iso: string; withSeconds?: boolean }) {
  return (
    <time dateTime={iso} title={formatUtc(iso)}>
      {formatDateTime(iso, withSeconds)}
    </time>
  );
}

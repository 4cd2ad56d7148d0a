import type { ApiKeyView, UsageView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { DateTime } from '../ui/date-time';
import { Badge } from '../ui/badge';
import { Duration } from '../ui/duration';
import { ModeBadge } from '../ui/mode-badge';
import { Money } from '../ui/money';

function StatusCell({ record }: { record: UsageView }) {
  const ok = record.status < 400;
  return (
    <Badge tone={ok ? 'ok' : 'bad'}>
      {record.status}
      {record.errorCode ? ` ${record.errorCode}` : ''}
    </Badge>
  );
}

/** `api`: made with a key; `dashboard`: a playground run (no key). */
function SourceCell({ source }: { source: UsageView['source'] }) {
  const t = useTranslations('usage.table');
  return source === 'dashboard' ? (
    <Badge tone="test">{t('sourceDashboard')}</Badge>
  ) : (
    <>{t('sourceApi')}</>
  );
}

/** The key a call was made with: its label and display start, when the account's keys are known. */
function KeyCell({ keyId, keys }: { keyId: string | null; keys?: Map<string, ApiKeyView> }) {
  const t = useTranslations('common');
  if (!keyId) return <span className="muted">{t('none')}</span>;
  const key = keys?.get(keyId);
  if (!key) return <code title={keyId}>{keyId.slice(0, 8)}…</code>;
  return (
    <span className="key-name-stack">
      <span>{key.name}</span>
      <code className="small">{key.start}</code>
    </span>
  );
}

/** Calls, newest first. On narrow screens each row becomes a labelled card (see globals.css). */
export function UsageTable({
  items,
  caption,
  keys,
}: {
  items: UsageView[];
  caption: string;
  /** The account's keys by id: with them, a Key column (label and display start). */
  keys?: Map<string, ApiKeyView>;
}) {
  const t = useTranslations('usage.table');
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone" data-testid="usage-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('time')}</th>
            <th scope="col">{t('operation')}</th>
            <th scope="col">{t('mode')}</th>
            <th scope="col">{t('source')}</th>
            {keys ? <th scope="col">{t('key')}</th> : null}
            <th scope="col">{t('subject')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col" className="num">
              {t('charge')}
            </th>
            <th scope="col" className="num">
              {t('duration')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((record) => (
            <tr key={record.id} data-request-id={record.requestId}>
              <td data-label={t('time')}>
                <DateTime iso={record.createdAt} withSeconds />
              </td>
              <td data-label={t('operation')}>
                <code>{record.operation}</code>
              </td>
              <td data-label={t('mode')}>
                <ModeBadge mode={record.mode} />
              </td>
              <td data-label={t('source')} data-source={record.source}>
                <SourceCell source={record.source} />
              </td>
              {keys ? (
                <td data-label={t('key')}>
                  <KeyCell keyId={record.keyId} keys={keys} />
                </td>
              ) : null}
              <td
                data-label={t('subject')}
                className="truncate"
                title={record.subject ?? undefined}
              >
                {record.subject ?? <span className="muted">{t('none')}</span>}
              </td>
              <td data-label={t('status')}>
                <StatusCell record={record} />
              </td>
              <td data-label={t('chargeShort')} className="num">
                <Money micros={record.chargedMicros} />
              </td>
              <td data-label={t('duration')} className="num">
                <Duration ms={record.durationMs} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

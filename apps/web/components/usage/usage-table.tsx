import type { ApiKeyView, UsageView } from '@reelscout/domain/views';
import { formatDuration } from '../../lib/format';
import { DateTime } from '../ui/date-time';
import { Badge } from '../ui/badge';
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

/** The key a call was made with: its label and display start, when the account's keys are known. */
function KeyCell({ keyId, keys }: { keyId: string | null; keys?: Map<string, ApiKeyView> }) {
  if (!keyId) return <span className="muted">none</span>;
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
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone" data-testid="usage-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Operation</th>
            <th scope="col">Mode</th>
            {keys ? <th scope="col">Key</th> : null}
            <th scope="col">Subject</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Charge (USD)
            </th>
            <th scope="col" className="num">
              Duration
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((record) => (
            <tr key={record.id} data-request-id={record.requestId}>
              <td data-label="Time">
                <DateTime iso={record.createdAt} withSeconds />
              </td>
              <td data-label="Operation">
                <code>{record.operation}</code>
              </td>
              <td data-label="Mode">
                <ModeBadge mode={record.mode} />
              </td>
              {keys ? (
                <td data-label="Key">
                  <KeyCell keyId={record.keyId} keys={keys} />
                </td>
              ) : null}
              <td data-label="Subject" className="truncate" title={record.subject ?? undefined}>
                {record.subject ?? <span className="muted">none</span>}
              </td>
              <td data-label="Status">
                <StatusCell record={record} />
              </td>
              <td data-label="Charge" className="num">
                <Money micros={record.chargedMicros} />
              </td>
              <td data-label="Duration" className="num">
                {formatDuration(record.durationMs)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

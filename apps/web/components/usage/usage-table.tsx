import type { UsageView } from '@reelscout/domain/views';
import { formatDateTime, formatDuration } from '../../lib/format';
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

/** Calls, newest first. On narrow screens each row becomes a labelled card (see globals.css). */
export function UsageTable({ items, caption }: { items: UsageView[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone" data-testid="usage-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Operation</th>
            <th scope="col">Mode</th>
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
                <time dateTime={record.createdAt} title={`Request ${record.requestId}`}>
                  {formatDateTime(record.createdAt, true)}
                </time>
              </td>
              <td data-label="Operation">
                <code>{record.operation}</code>
              </td>
              <td data-label="Mode">
                <ModeBadge mode={record.mode} />
              </td>
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

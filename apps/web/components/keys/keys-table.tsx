import type { ApiKeyView } from '@reelscout/domain/views';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../ui/badge';
import { ModeBadge } from '../ui/mode-badge';

export function KeysTable({
  keys,
  onRevoke,
}: {
  keys: ApiKeyView[];
  onRevoke: (key: ApiKeyView) => void;
}) {
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone" data-testid="keys-table">
        <caption className="sr-only">Your API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Mode</th>
            <th scope="col">Key</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-key-id={key.id}>
              <th scope="row" data-label="Name" className="key-name">
                {key.name}
              </th>
              <td data-label="Mode">
                <ModeBadge mode={key.mode} />
              </td>
              <td data-label="Key">
                <code>{key.start}</code>
              </td>
              <td data-label="Created">
                <time dateTime={key.createdAt}>{formatDateTime(key.createdAt)}</time>
              </td>
              <td data-label="Last used">
                {key.lastUsedAt ? (
                  <time dateTime={key.lastUsedAt}>{formatDateTime(key.lastUsedAt)}</time>
                ) : (
                  <span className="muted">Never</span>
                )}
              </td>
              <td data-label="Status">
                {key.status === 'active' ? (
                  <Badge tone="ok">active</Badge>
                ) : (
                  <Badge tone="neutral">revoked</Badge>
                )}
              </td>
              <td className="row-actions">
                {key.status === 'active' ? (
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={`Revoke key ${key.name}`}
                    onClick={() => onRevoke(key)}
                  >
                    Revoke
                  </button>
                ) : key.revokedAt ? (
                  <span className="muted small">
                    since <time dateTime={key.revokedAt}>{formatDateTime(key.revokedAt)}</time>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

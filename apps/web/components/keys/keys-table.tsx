import type { ApiKeyView } from '@reelscout/domain/views';
import { DateTime } from '../ui/date-time';
import { ModeBadge } from '../ui/mode-badge';
import { KeySpend, KeyStatus, operationsText } from './key-parts';

export type KeyAction = 'details' | 'edit' | 'roll' | 'revoke';

export function KeysTable({
  keys,
  onAction,
}: {
  keys: ApiKeyView[];
  onAction: (action: KeyAction, key: ApiKeyView) => void;
}) {
  const byId = new Map(keys.map((key) => [key.id, key]));
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone keys-table" data-testid="keys-table">
        <caption className="sr-only">Your API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Mode</th>
            <th scope="col">Key</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">Spend</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const from = key.rolledFrom ? byId.get(key.rolledFrom) : undefined;
            const usable = key.status === 'active' || key.status === 'expiring';
            return (
              <tr key={key.id} data-key-id={key.id} data-status={key.status}>
                <th scope="row" data-label="Name" className="key-name">
                  <span className="key-name-stack">
                    <span>{key.name}</span>
                    <span className="muted small">{operationsText(key.operations)}</span>
                    {from ? (
                      <span className="muted small">
                        rolled from <code>{from.start}</code>
                      </span>
                    ) : null}
                  </span>
                </th>
                <td data-label="Mode">
                  <ModeBadge mode={key.mode} />
                </td>
                <td data-label="Key">
                  <span className="key-name-stack">
                    <code>{key.start}</code>
                    <span className="muted small">
                      created <DateTime iso={key.createdAt} />
                    </span>
                  </span>
                </td>
                <td data-label="Last used">
                  {key.lastUsedAt ? (
                    <DateTime iso={key.lastUsedAt} />
                  ) : (
                    <span className="muted">Never</span>
                  )}
                </td>
                <td data-label="Status">
                  <KeyStatus apiKey={key} />
                </td>
                <td data-label="Spend">
                  <KeySpend apiKey={key} />
                </td>
                <td className="row-actions">
                  <span className="key-actions">
                    <button
                      type="button"
                      className="button secondary small"
                      aria-label={`Details of key ${key.name} (${key.start})`}
                      onClick={() => onAction('details', key)}
                    >
                      Details
                    </button>
                    {usable ? (
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={`Edit key ${key.name} (${key.start})`}
                        onClick={() => onAction('edit', key)}
                      >
                        Edit
                      </button>
                    ) : null}
                    {key.status === 'active' ? (
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={`Roll key ${key.name} (${key.start})`}
                        onClick={() => onAction('roll', key)}
                      >
                        Roll
                      </button>
                    ) : null}
                    {usable ? (
                      <button
                        type="button"
                        className="button danger small"
                        aria-label={`Revoke key ${key.name} (${key.start})`}
                        onClick={() => onAction('revoke', key)}
                      >
                        Revoke
                      </button>
                    ) : null}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

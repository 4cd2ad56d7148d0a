import type { ApiKeyView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { DateTime } from '../ui/date-time';
import { ModeBadge } from '../ui/mode-badge';
import { KeySpend, KeyStatus, OperationsText } from './key-parts';

export type KeyAction = 'details' | 'edit' | 'roll' | 'revoke';

export function KeysTable({
  keys,
  onAction,
}: {
  keys: ApiKeyView[];
  onAction: (action: KeyAction, key: ApiKeyView) => void;
}) {
  const t = useTranslations('keys.table');
  const byId = new Map(keys.map((key) => [key.id, key]));
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone keys-table" data-testid="keys-table">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('mode')}</th>
            <th scope="col">{t('key')}</th>
            <th scope="col">{t('lastUsed')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('spend')}</th>
            <th scope="col">
              <span className="sr-only">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const from = key.rolledFrom ? byId.get(key.rolledFrom) : undefined;
            const usable = key.status === 'active' || key.status === 'expiring';
            return (
              <tr key={key.id} data-key-id={key.id} data-status={key.status}>
                <th scope="row" data-label={t('name')} className="key-name">
                  <span className="key-name-stack">
                    <span>{key.name}</span>
                    <span className="muted small">
                      <OperationsText operations={key.operations} />
                    </span>
                    {from ? (
                      <span className="muted small">
                        {t.rich('rolledFrom', { key: () => <code>{from.start}</code> })}
                      </span>
                    ) : null}
                  </span>
                </th>
                <td data-label={t('mode')}>
                  <ModeBadge mode={key.mode} />
                </td>
                <td data-label={t('key')}>
                  <span className="key-name-stack">
                    <code>{key.start}</code>
                    <span className="muted small">
                      {t.rich('created', { when: () => <DateTime iso={key.createdAt} /> })}
                    </span>
                  </span>
                </td>
                <td data-label={t('lastUsed')}>
                  {key.lastUsedAt ? (
                    <DateTime iso={key.lastUsedAt} />
                  ) : (
                    <span className="muted">{t('never')}</span>
                  )}
                </td>
                <td data-label={t('status')}>
                  <KeyStatus apiKey={key} />
                </td>
                <td data-label={t('spend')}>
                  <KeySpend apiKey={key} />
                </td>
                <td className="row-actions">
                  <span className="key-actions">
                    <button
                      type="button"
                      className="button secondary small"
                      aria-label={t('detailsLabel', { name: key.name, start: key.start })}
                      onClick={() => onAction('details', key)}
                    >
                      {t('details')}
                    </button>
                    {usable ? (
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={t('editLabel', { name: key.name, start: key.start })}
                        onClick={() => onAction('edit', key)}
                      >
                        {t('edit')}
                      </button>
                    ) : null}
                    {key.status === 'active' ? (
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={t('rollLabel', { name: key.name, start: key.start })}
                        onClick={() => onAction('roll', key)}
                      >
                        {t('roll')}
                      </button>
                    ) : null}
                    {usable ? (
                      <button
                        type="button"
                        className="button danger small"
                        aria-label={t('revokeLabel', { name: key.name, start: key.start })}
                        onClick={() => onAction('revoke', key)}
                      >
                        {t('revoke')}
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

'use client';

import type { ApiKeyDetailView, ApiKeyView, KeyAuditEntryView } from '@reelscout/domain/views';
import { useLocale, useTranslations } from 'next-intl';
import { formatLocale } from '../../i18n/locales';
import { DateTime } from '../ui/date-time';
import { auditChanges } from '../../lib/key-settings';
import { useApi } from '../../lib/use-api';
import { Alert } from '../ui/alert';
import { Loading } from '../ui/loading';
import { ModeBadge } from '../ui/mode-badge';
import { Modal } from '../ui/modal';
import { KeySettingsList, KeyStatus, useKeySettingsTexts } from './key-parts';

/** The trail, newest first: who, when, what, and each field before → after. */
export function AuditTrail({ entries }: { entries: KeyAuditEntryView[] }) {
  const t = useTranslations('keys');
  const locale = formatLocale(useLocale());
  const texts = useKeySettingsTexts();
  if (entries.length === 0) return <p className="muted">{t('audit.empty')}</p>;
  return (
    <ol className="audit-trail" data-testid="key-audit">
      {entries.map((entry) => (
        <li key={entry.id} data-action={entry.action}>
          <p className="audit-head">
            <strong>{t(`audit.actions.${entry.action}`)}</strong>{' '}
            <span className="muted small">
              {t.rich('audit.byWhen', {
                actor: entry.actor,
                when: () => <DateTime iso={entry.createdAt} withSeconds />,
              })}
            </span>
          </p>
          <ul className="audit-changes">
            {auditChanges(entry, texts, locale).map((change) => (
              <li key={change.field}>
                <span className="muted">{change.field}:</span>{' '}
                {change.before === null ? (
                  change.after
                ) : (
                  <>
                    <del>{change.before}</del> <span aria-hidden="true">→</span>
                    <span className="sr-only">{t('audit.changedTo')}</span>{' '}
                    <ins>{change.after}</ins>
                  </>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function Details({ apiKey }: { apiKey: ApiKeyView }) {
  const t = useTranslations('keys');
  const detail = useApi<ApiKeyDetailView>(`/account/keys/${encodeURIComponent(apiKey.id)}`);
  const shown = detail.data ?? apiKey;
  return (
    <>
      <p className="key-detail-head">
        <code>{shown.start}</code> <ModeBadge mode={shown.mode} /> <KeyStatus apiKey={shown} />
      </p>
      <KeySettingsList apiKey={shown} />
      <h3 id="key-audit-heading">{t('audit.title')}</h3>
      {detail.error ? (
        <Alert tone="error">{detail.error.message}</Alert>
      ) : !detail.data ? (
        <Loading label={t('audit.loading')} />
      ) : (
        <AuditTrail entries={detail.data.audit} />
      )}
    </>
  );
}

/** One key: its settings, spend and every change to it. */
export function KeyDetailsDialog({
  apiKey,
  onClose,
}: {
  apiKey: ApiKeyView | null;
  onClose: () => void;
}) {
  const t = useTranslations('keys');
  return (
    <Modal
      open={apiKey !== null}
      dismissible
      onDismiss={onClose}
      labelledBy="key-details-title"
      className="key-dialog"
    >
      {apiKey ? (
        <div>
          <h2 id="key-details-title">{t('details.title', { name: apiKey.name })}</h2>
          <Details key={apiKey.id} apiKey={apiKey} />
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={onClose} data-autofocus>
              {t('close')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

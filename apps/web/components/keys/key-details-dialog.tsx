'use client';

import type { ApiKeyDetailView, ApiKeyView, KeyAuditEntryView } from '@reelscout/domain/views';
import { DateTime } from '../ui/date-time';
import { auditChanges } from '../../lib/key-settings';
import { useApi } from '../../lib/use-api';
import { Alert } from '../ui/alert';
import { Loading } from '../ui/loading';
import { ModeBadge } from '../ui/mode-badge';
import { Modal } from '../ui/modal';
import { KeySettingsList, KeyStatus } from './key-parts';

const ACTION_TEXT: Record<KeyAuditEntryView['action'], string> = {
  create: 'Created',
  update: 'Changed',
  roll: 'Rolled',
  revoke: 'Revoked',
  subject_limits: 'Subject limits changed',
};

const ACTOR_TEXT: Record<KeyAuditEntryView['actor'], string> = {
  account: 'you, in the dashboard',
  operator: 'an operator (CLI)',
};

/** The trail, newest first: who, when, what, and each field before → after. */
export function AuditTrail({ entries }: { entries: KeyAuditEntryView[] }) {
  if (entries.length === 0) return <p className="muted">No changes recorded.</p>;
  return (
    <ol className="audit-trail" data-testid="key-audit">
      {entries.map((entry) => (
        <li key={entry.id} data-action={entry.action}>
          <p className="audit-head">
            <strong>{ACTION_TEXT[entry.action]}</strong>{' '}
            <span className="muted small">
              by {ACTOR_TEXT[entry.actor]}, <DateTime iso={entry.createdAt} withSeconds />
            </span>
          </p>
          <ul className="audit-changes">
            {auditChanges(entry).map((change) => (
              <li key={change.field}>
                <span className="muted">{change.field}:</span>{' '}
                {change.before === null ? (
                  change.after
                ) : (
                  <>
                    <del>{change.before}</del> <span aria-hidden="true">→</span>
                    <span className="sr-only">changed to</span> <ins>{change.after}</ins>
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
  const detail = useApi<ApiKeyDetailView>(`/account/keys/${encodeURIComponent(apiKey.id)}`);
  const shown = detail.data ?? apiKey;
  return (
    <>
      <p className="key-detail-head">
        <code>{shown.start}</code> <ModeBadge mode={shown.mode} /> <KeyStatus apiKey={shown} />
      </p>
      <KeySettingsList apiKey={shown} />
      <h3 id="key-audit-heading">Audit trail</h3>
      {detail.error ? (
        <Alert tone="error">{detail.error.message}</Alert>
      ) : !detail.data ? (
        <Loading label="Loading the audit trail…" />
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
          <h2 id="key-details-title">Key “{apiKey.name}”</h2>
          <Details key={apiKey.id} apiKey={apiKey} />
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={onClose} data-autofocus>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

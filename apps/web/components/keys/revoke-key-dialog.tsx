'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ApiKeyView } from '@reelscout/domain/views';
import { api, ApiError } from '../../lib/api';
import { Alert } from '../ui/alert';
import { Modal } from '../ui/modal';

/** Asks before revoking: a revoked key fails at once with 401, and that cannot be undone. */
export function RevokeKeyDialog({
  apiKey,
  onClose,
  onRevoked,
}: {
  apiKey: ApiKeyView | null;
  onClose: () => void;
  onRevoked: (key: ApiKeyView) => void;
}) {
  const t = useTranslations('keys');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    setBusy(false);
    onClose();
  }

  async function revoke() {
    if (!apiKey) return;
    setBusy(true);
    setError(null);
    try {
      await api(`/account/keys/${encodeURIComponent(apiKey.id)}`, { method: 'DELETE' });
      setBusy(false);
      onRevoked(apiKey);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('revoke.failed'));
      setBusy(false);
    }
  }

  return (
    <Modal
      open={apiKey !== null}
      dismissible={!busy}
      onDismiss={close}
      labelledBy="revoke-key-title"
      describedBy="revoke-key-text"
    >
      {apiKey ? (
        <div>
          <h2 id="revoke-key-title">{t('revoke.title', { name: apiKey.name })}</h2>
          <p id="revoke-key-text">
            {t.rich('revoke.text', {
              start: () => <code>{apiKey.start}</code>,
              status: () => <code>401</code>,
            })}
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={close} data-autofocus>
              {t('cancel')}
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => void revoke()}
              disabled={busy}
            >
              {busy ? t('revoke.revoking') : t('revoke.submit')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

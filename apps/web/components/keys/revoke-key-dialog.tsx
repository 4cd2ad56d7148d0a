'use client';

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
      setError(caught instanceof ApiError ? caught.message : 'Could not revoke the key.');
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
          <h2 id="revoke-key-title">Revoke “{apiKey.name}”?</h2>
          <p id="revoke-key-text">
            Calls with <code>{apiKey.start}</code> will be refused with <code>401</code> right away.
            This cannot be undone; anything using the key needs a new one.
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={close} data-autofocus>
              Cancel
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => void revoke()}
              disabled={busy}
            >
              {busy ? 'Revoking…' : 'Revoke key'}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

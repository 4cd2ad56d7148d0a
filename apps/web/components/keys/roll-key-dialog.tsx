'use client';

import type { ApiKeyView, RolledApiKeyView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { toFormErrors } from '../../lib/form-errors';
import { DateTime } from '../ui/date-time';
import { GRACE_CHOICES } from '../../lib/key-settings';
import { Alert } from '../ui/alert';
import { Modal } from '../ui/modal';
import { ShowKeyOnce } from './create-key-dialog';

function RollForm({
  apiKey,
  onRolled,
  onCancel,
}: {
  apiKey: ApiKeyView;
  onRolled: (rolled: RolledApiKeyView) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('keys');
  const [grace, setGrace] = useState<number>(86_400);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onRolled(
        await api<RolledApiKeyView>(`/account/keys/${encodeURIComponent(apiKey.id)}/roll`, {
          body: { graceSeconds: grace },
        }),
      );
    } catch (caught) {
      const problem = toFormErrors(caught, []);
      setError(problem.form ?? t('roll.failed'));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id="roll-key-title">{t('roll.title', { name: apiKey.name })}</h2>
      <p id="roll-key-text">{t.rich('roll.text', { start: () => <code>{apiKey.start}</code> })}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <fieldset className="radio-group">
        <legend>{t('roll.grace')}</legend>
        {GRACE_CHOICES.map((seconds, index) => (
          <label key={seconds} className="radio">
            <input
              type="radio"
              name="roll-grace"
              value={seconds}
              checked={grace === seconds}
              onChange={() => setGrace(seconds)}
              data-autofocus={index === 0 ? true : undefined}
            />
            <span>
              <strong>{t(`settingsTexts.grace.${seconds}`)}</strong>{' '}
              <span className="muted">{t(`roll.graceHints.${seconds}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('roll.rolling') : t('roll.submit')}
        </button>
      </div>
    </form>
  );
}

/** Asks for the grace period, rolls, then shows the new key once. */
export function RollKeyDialog({
  apiKey,
  onClose,
  onRolled,
}: {
  apiKey: ApiKeyView | null;
  onClose: () => void;
  /** Keys changed (the list should show both even before the dialog closes). */
  onRolled: (rolled: RolledApiKeyView) => void;
}) {
  const t = useTranslations('keys.roll');
  const [rolled, setRolled] = useState<RolledApiKeyView | null>(null);

  function close() {
    setRolled(null); // the plaintext leaves memory with the dialog
    onClose();
  }

  const previous = rolled?.previous;
  return (
    <Modal
      open={apiKey !== null}
      dismissible={rolled === null}
      onDismiss={close}
      labelledBy="roll-key-title"
      describedBy={rolled ? 'roll-key-warning' : 'roll-key-text'}
      className="key-dialog"
    >
      {rolled && previous ? (
        <ShowKeyOnce
          created={rolled.created}
          onDone={close}
          titleId="roll-key-title"
          warningId="roll-key-warning"
        >
          <p data-testid="roll-previous">
            {previous.status === 'expiring' && previous.revokedAt
              ? t.rich('previousWorks', {
                  start: () => <code>{previous.start}</code>,
                  until: () => <DateTime iso={previous.revokedAt as string} />,
                })
              : t.rich('previousStopped', { start: () => <code>{previous.start}</code> })}
          </p>
        </ShowKeyOnce>
      ) : apiKey ? (
        <RollForm
          apiKey={apiKey}
          onCancel={close}
          onRolled={(answer) => {
            setRolled(answer);
            onRolled(answer);
          }}
        />
      ) : null}
    </Modal>
  );
}

'use client';

import type { Mode } from '@reelscout/domain/modes';
import {
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpointView,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';
import { Modal } from '../ui/modal';
import { ShowSecretOnce } from './secret-once';

/** `job.succeeded` → its message key (message keys cannot hold dots). */
const eventKey = (type: WebhookEventType) =>
  type.replace('job.', '').replace('watch.', 'watch_') as
    'succeeded' | 'failed' | 'canceled' | 'watch_new_reels' | 'watch_paused';

function endpointPath(endpoint: Pick<WebhookEndpointView, 'id'>, suffix = ''): string {
  return `/account/webhook-endpoints/${encodeURIComponent(endpoint.id)}${suffix}`;
}

function CreateEndpointForm({
  mode,
  onCreated,
  onCancel,
}: {
  mode: Mode;
  onCreated: (created: CreatedWebhookEndpointView) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('webhooks.create');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  function toggle(event: WebhookEventType, on: boolean) {
    setEvents((previous) =>
      WEBHOOK_EVENT_TYPES.filter((each) => (each === event ? on : previous.includes(each))),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = url.trim();
    if (!trimmed) return setErrors({ fields: { url: t('urlMissing') } });
    if (events.length === 0) return setErrors({ fields: { events: t('eventsMissing') } });
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      onCreated(
        await api<CreatedWebhookEndpointView>(`/account/webhook-endpoints?mode=${mode}`, {
          body: { url: trimmed, events },
        }),
      );
    } catch (error) {
      setErrors(toFormErrors(error, ['url', 'events']));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id="create-endpoint-title">{t('title', { mode })}</h2>
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <Field
        label={t('url')}
        name="endpoint-url"
        type="url"
        required
        maxLength={2048}
        autoComplete="off"
        inputMode="url"
        placeholder="https://example.com/webhooks/reelscout"
        hint={mode === 'live' ? t('urlHintLive') : t('urlHintTest')}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.fields.url}
        data-autofocus
      />
      <fieldset>
        <legend>{t('events')}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="check">
            <input
              type="checkbox"
              name="events"
              value={type}
              checked={events.includes(type)}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            <span>
              <code>{type}</code> <span className="muted">{t(`eventNames.${eventKey(type)}`)}</span>
            </span>
          </label>
        ))}
        {errors.fields.events ? (
          <p className="field-error" role="alert">
            {errors.fields.events}
          </p>
        ) : null}
      </fieldset>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('adding') : t('submit')}
        </button>
      </div>
    </form>
  );
}

export function CreateEndpointDialog({
  open,
  mode,
  onClose,
  onCreated,
}: {
  open: boolean;
  mode: Mode;
  onClose: () => void;
  /** An endpoint now exists (the list should show it even before the dialog closes). */
  onCreated: () => void;
}) {
  const [created, setCreated] = useState<CreatedWebhookEndpointView | null>(null);

  function close() {
    setCreated(null); // the secret leaves memory with the dialog
    onClose();
  }

  return (
    <Modal
      open={open}
      dismissible={created === null}
      onDismiss={close}
      labelledBy="create-endpoint-title"
      describedBy={created ? 'endpoint-secret-warning' : undefined}
      className="key-dialog"
    >
      {created ? (
        <ShowSecretOnce
          created={created}
          titleId="create-endpoint-title"
          warningId="endpoint-secret-warning"
          rotated={false}
          onDone={close}
        />
      ) : (
        <CreateEndpointForm
          mode={mode}
          onCancel={close}
          onCreated={(endpoint) => {
            setCreated(endpoint);
            onCreated();
          }}
        />
      )}
    </Modal>
  );
}

/** Asks first, then shows the new secret once. */
export function RotateSecretDialog({
  endpoint,
  onClose,
  onRotated,
}: {
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
  onRotated: (endpoint: WebhookEndpointView) => void;
}) {
  const t = useTranslations('webhooks.rotate');
  const [rotated, setRotated] = useState<CreatedWebhookEndpointView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setRotated(null);
    setError(null);
    setBusy(false);
    onClose();
  }

  async function rotate() {
    if (!endpoint) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api<CreatedWebhookEndpointView>(
        endpointPath(endpoint, '/rotate-secret'),
        { method: 'POST' },
      );
      setRotated(answer);
      const { secret: _secret, ...view } = answer;
      onRotated(view);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={endpoint !== null}
      dismissible={!busy && rotated === null}
      onDismiss={close}
      labelledBy="rotate-secret-title"
      describedBy={rotated ? 'rotated-secret-warning' : 'rotate-secret-text'}
      className="key-dialog"
    >
      {rotated ? (
        <ShowSecretOnce
          created={rotated}
          titleId="rotate-secret-title"
          warningId="rotated-secret-warning"
          rotated
          onDone={close}
        />
      ) : endpoint ? (
        <div>
          <h2 id="rotate-secret-title">{t('title')}</h2>
          <p id="rotate-secret-text">
            {t.rich('text', { url: () => <code className="truncate">{endpoint.url}</code> })}
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={close} data-autofocus>
              {t('cancel')}
            </button>
            <button type="button" className="button" onClick={() => void rotate()} disabled={busy}>
              {busy ? t('rotating') : t('submit')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

/** Asks before deleting: pending deliveries fail and nothing more is sent. */
export function DeleteEndpointDialog({
  endpoint,
  onClose,
  onDeleted,
}: {
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
  onDeleted: (endpoint: WebhookEndpointView) => void;
}) {
  const t = useTranslations('webhooks.delete');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    setBusy(false);
    onClose();
  }

  async function remove() {
    if (!endpoint) return;
    setBusy(true);
    setError(null);
    try {
      await api(endpointPath(endpoint), { method: 'DELETE' });
      setBusy(false);
      onDeleted(endpoint);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('failed'));
      setBusy(false);
    }
  }

  return (
    <Modal
      open={endpoint !== null}
      dismissible={!busy}
      onDismiss={close}
      labelledBy="delete-endpoint-title"
      describedBy="delete-endpoint-text"
    >
      {endpoint ? (
        <div>
          <h2 id="delete-endpoint-title">{t('title')}</h2>
          <p id="delete-endpoint-text">
            {t.rich('text', { url: () => <code className="truncate">{endpoint.url}</code> })}
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={close} data-autofocus>
              {t('cancel')}
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => void remove()}
              disabled={busy}
            >
              {busy ? t('deleting') : t('submit')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

export { endpointPath };

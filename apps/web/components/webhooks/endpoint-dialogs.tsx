'use client';

import type { Mode } from '@reelscout/domain/modes';
import {
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpointView,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@reelscout/domain/views';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';
import { Modal } from '../ui/modal';
import { ShowSecretOnce } from './secret-once';

export const EVENT_TEXT: Record<WebhookEventType, string> = {
  'job.succeeded': 'a job succeeded',
  'job.failed': 'a job failed',
  'job.canceled': 'a job was canceled',
};

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
    if (!trimmed) return setErrors({ fields: { url: 'Enter the URL to send events to.' } });
    if (events.length === 0) return setErrors({ fields: { events: 'Choose at least one event.' } });
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
      <h2 id="create-endpoint-title">Add a {mode} webhook endpoint</h2>
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <Field
        label="Endpoint URL"
        name="endpoint-url"
        type="url"
        required
        maxLength={2048}
        autoComplete="off"
        inputMode="url"
        placeholder="https://example.com/webhooks/reelscout"
        hint={
          mode === 'live'
            ? 'https on a public address. Events of jobs run with live keys are sent here.'
            : 'https, or http on your own machine (localhost, 127.0.0.1, [::1]) to try webhooks. Events of jobs run with test keys are sent here.'
        }
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.fields.url}
        data-autofocus
      />
      <fieldset>
        <legend>Events</legend>
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
              <code>{type}</code> <span className="muted">{EVENT_TEXT[type]}</span>
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
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Adding…' : 'Add endpoint'}
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
      setError(caught instanceof ApiError ? caught.message : 'Could not rotate the secret.');
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
          <h2 id="rotate-secret-title">Rotate the signing secret?</h2>
          <p id="rotate-secret-text">
            A new secret signs deliveries to <code className="truncate">{endpoint.url}</code> from
            now on. The current one stays valid for 24 hours (deliveries carry both signatures), so
            your receiver keeps working while you deploy the new one.
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={close} data-autofocus>
              Cancel
            </button>
            <button type="button" className="button" onClick={() => void rotate()} disabled={busy}>
              {busy ? 'Rotating…' : 'Rotate secret'}
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
      setError(caught instanceof ApiError ? caught.message : 'Could not delete the endpoint.');
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
          <h2 id="delete-endpoint-title">Delete this endpoint?</h2>
          <p id="delete-endpoint-text">
            Nothing more is sent to <code className="truncate">{endpoint.url}</code>, its pending
            deliveries fail and its delivery log goes with it. This cannot be undone.
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={close} data-autofocus>
              Cancel
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => void remove()}
              disabled={busy}
            >
              {busy ? 'Deleting…' : 'Delete endpoint'}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

export { endpointPath };

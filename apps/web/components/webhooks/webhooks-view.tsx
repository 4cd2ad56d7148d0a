'use client';

import type { Mode } from '@reelscout/domain/modes';
import type { WebhookEndpointView } from '@reelscout/domain/views';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { DateTime } from '../ui/date-time';
import { useObjectList } from '../../lib/use-object-list';
import { NoAccessPanel } from '../overview/no-access-panel';
import { useAccount } from '../shell/account-context';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { EmptyState } from '../ui/empty-state';
import { Loading } from '../ui/loading';
import { ModeSwitch, modeFromSearch } from '../ui/mode-switch';
import { DeliveriesPanel } from './deliveries-panel';
import {
  CreateEndpointDialog,
  DeleteEndpointDialog,
  endpointPath,
  RotateSecretDialog,
} from './endpoint-dialogs';

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpointView }) {
  return (
    <>
      {endpoint.status === 'enabled' ? (
        <Badge tone="ok">enabled</Badge>
      ) : (
        <Badge tone="bad">disabled</Badge>
      )}
      {endpoint.disabled_reason ? (
        <span className="small muted" style={{ display: 'block' }}>
          {endpoint.disabled_reason}
        </span>
      ) : null}
      {endpoint.failing_since ? (
        <span className="small" style={{ display: 'block' }}>
          failing since <DateTime iso={endpoint.failing_since} />
        </span>
      ) : null}
    </>
  );
}

function EndpointsTable({
  endpoints,
  selected,
  busy,
  onDeliveries,
  onToggle,
  onRotate,
  onDelete,
}: {
  endpoints: WebhookEndpointView[];
  selected: string | null;
  busy: string | null;
  onDeliveries: (endpoint: WebhookEndpointView) => void;
  onToggle: (endpoint: WebhookEndpointView) => void;
  onRotate: (endpoint: WebhookEndpointView) => void;
  onDelete: (endpoint: WebhookEndpointView) => void;
}) {
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone" data-testid="endpoints-table">
        <caption className="sr-only">Your webhook endpoints</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Events</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => (
            <tr
              key={endpoint.id}
              data-endpoint-id={endpoint.id}
              aria-selected={selected === endpoint.id ? true : undefined}
            >
              <th scope="row" data-label="URL" className="truncate" title={endpoint.url}>
                <code>{endpoint.url}</code>
              </th>
              <td data-label="Events">
                {endpoint.events.map((event) => (
                  <code key={event} style={{ display: 'block' }}>
                    {event}
                  </code>
                ))}
              </td>
              <td data-label="Status">
                <EndpointStatus endpoint={endpoint} />
              </td>
              <td data-label="Created">
                <DateTime iso={endpoint.created_at} />
              </td>
              <td className="row-actions">
                <span className="actions" style={{ marginTop: 0 }}>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-pressed={selected === endpoint.id}
                    aria-label={`Deliveries to ${endpoint.url}`}
                    onClick={() => onDeliveries(endpoint)}
                  >
                    Deliveries
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={`${endpoint.status === 'enabled' ? 'Disable' : 'Enable'} ${endpoint.url}`}
                    disabled={busy === endpoint.id}
                    onClick={() => onToggle(endpoint)}
                  >
                    {endpoint.status === 'enabled' ? 'Disable' : 'Enable'}
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={`Rotate the secret of ${endpoint.url}`}
                    onClick={() => onRotate(endpoint)}
                  >
                    Rotate secret
                  </button>
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={`Delete ${endpoint.url}`}
                    onClick={() => onDelete(endpoint)}
                  >
                    Delete
                  </button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndpointsPanel({ mode }: { mode: Mode }) {
  const { refresh } = useAccount();
  const list = useObjectList<WebhookEndpointView>(`/account/webhook-endpoints?mode=${mode}`, {
    limit: 100,
  });
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<WebhookEndpointView | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  const forbidden = list.error?.status === 403;
  useEffect(() => {
    if (forbidden) refresh();
  }, [forbidden, refresh]);

  const shown = list.items.find((endpoint) => endpoint.id === selected) ?? null;

  async function toggle(endpoint: WebhookEndpointView) {
    const status = endpoint.status === 'enabled' ? 'disabled' : 'enabled';
    setBusy(endpoint.id);
    setError('');
    try {
      list.replace(
        await api<WebhookEndpointView>(endpointPath(endpoint), {
          method: 'PATCH',
          body: { status },
        }),
      );
      setNotice(`Endpoint ${status}.`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Could not change the endpoint.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <section className="panel" aria-labelledby="endpoints-heading">
        <div className="panel-head">
          <h2 id="endpoints-heading">Endpoints</h2>
          <button type="button" className="button" onClick={() => setCreating(true)}>
            Add endpoint
          </button>
        </div>
        <p className="notice" role="status" aria-live="polite">
          {notice}
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {list.error ? (
          <Alert tone="error">{list.error.message}</Alert>
        ) : list.loading && list.items.length === 0 ? (
          <Loading label="Loading your endpoints…" />
        ) : list.items.length === 0 ? (
          <EmptyState title={`No ${mode} endpoints yet`}>
            Add an endpoint to receive <code>job.succeeded</code>, <code>job.failed</code> and{' '}
            <code>job.canceled</code> events of jobs run with {mode} keys, signed per Standard
            Webhooks.
          </EmptyState>
        ) : (
          <EndpointsTable
            endpoints={list.items}
            selected={selected}
            busy={busy}
            onDeliveries={(endpoint) =>
              setSelected((current) => (current === endpoint.id ? null : endpoint.id))
            }
            onToggle={(endpoint) => void toggle(endpoint)}
            onRotate={setRotating}
            onDelete={setDeleting}
          />
        )}
        <CreateEndpointDialog
          open={creating}
          mode={mode}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setNotice('Endpoint added.');
            list.reload();
          }}
        />
        <RotateSecretDialog
          endpoint={rotating}
          onClose={() => setRotating(null)}
          onRotated={(endpoint) => {
            list.replace(endpoint);
            setNotice('Secret rotated. The previous one stays valid for 24 hours.');
          }}
        />
        <DeleteEndpointDialog
          endpoint={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(endpoint) => {
            setDeleting(null);
            if (selected === endpoint.id) setSelected(null);
            setNotice('Endpoint deleted.');
            list.reload();
          }}
        />
      </section>
      {shown ? (
        <DeliveriesPanel key={shown.id} endpoint={shown} onClose={() => setSelected(null)} />
      ) : null}
    </>
  );
}

export function WebhooksView() {
  const { account } = useAccount();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const mode = modeFromSearch(params);

  return (
    <>
      <div className="page-head">
        <h1>Webhooks</h1>
        {account.apiAccess ? (
          <p className="muted">
            Reelscout POSTs a signed event to your endpoints when a job ends, and retries for more
            than a day until it gets a 2xx. Verify each delivery with its endpoint’s signing secret
            (Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
            <code>webhook-signature</code>).
          </p>
        ) : null}
      </div>
      {account.apiAccess ? (
        <>
          <section className="panel" aria-label="Mode">
            <ModeSwitch
              name="webhooks-mode"
              value={mode}
              onChange={(next) =>
                router.replace(next === 'test' ? pathname : `${pathname}?mode=${next}`)
              }
            />
          </section>
          <EndpointsPanel key={mode} mode={mode} />
        </>
      ) : (
        <NoAccessPanel />
      )}
    </>
  );
}

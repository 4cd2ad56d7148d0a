'use client';

import type { Mode } from '@reelscout/domain/modes';
import type { WebhookEndpointView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
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
  const t = useTranslations('webhooks.table');
  return (
    <>
      {endpoint.status === 'enabled' ? (
        <Badge tone="ok">{t('enabled')}</Badge>
      ) : (
        <Badge tone="bad">{t('disabled')}</Badge>
      )}
      {endpoint.disabled_reason ? (
        <span className="small muted block">{endpoint.disabled_reason}</span>
      ) : null}
      {endpoint.failing_since ? (
        <span className="small block">
          {t.rich('failingSince', {
            when: () => <DateTime iso={endpoint.failing_since as string} />,
          })}
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
  const t = useTranslations('webhooks.table');
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone" data-testid="endpoints-table">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">{t('events')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('created')}</th>
            <th scope="col">
              <span className="sr-only">{t('actions')}</span>
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
              <td data-label={t('events')}>
                {endpoint.events.map((event) => (
                  <code key={event} className="block">
                    {event}
                  </code>
                ))}
              </td>
              <td data-label={t('status')}>
                <EndpointStatus endpoint={endpoint} />
              </td>
              <td data-label={t('created')}>
                <DateTime iso={endpoint.created_at} />
              </td>
              <td className="row-actions">
                <span className="actions inline-actions">
                  <button
                    type="button"
                    className="button secondary small"
                    aria-pressed={selected === endpoint.id}
                    aria-label={t('deliveriesLabel', { url: endpoint.url })}
                    onClick={() => onDeliveries(endpoint)}
                  >
                    {t('deliveries')}
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t(endpoint.status === 'enabled' ? 'disableLabel' : 'enableLabel', {
                      url: endpoint.url,
                    })}
                    disabled={busy === endpoint.id}
                    onClick={() => onToggle(endpoint)}
                  >
                    {endpoint.status === 'enabled' ? t('disable') : t('enable')}
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t('rotateLabel', { url: endpoint.url })}
                    onClick={() => onRotate(endpoint)}
                  >
                    {t('rotate')}
                  </button>
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={t('deleteLabel', { url: endpoint.url })}
                    onClick={() => onDelete(endpoint)}
                  >
                    {t('delete')}
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
  const t = useTranslations('webhooks');
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
      setNotice(t(`notices.${status}`));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('toggleFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <section className="panel" aria-labelledby="endpoints-heading">
        <div className="panel-head">
          <h2 id="endpoints-heading">{t('endpoints')}</h2>
          <button type="button" className="button" onClick={() => setCreating(true)}>
            {t('addEndpoint')}
          </button>
        </div>
        <p className="notice" role="status" aria-live="polite">
          {notice}
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {list.error ? (
          <Alert tone="error">{list.error.message}</Alert>
        ) : list.loading && list.items.length === 0 ? (
          <Loading label={t('loading')} />
        ) : list.items.length === 0 ? (
          <EmptyState title={t('emptyTitle', { mode })}>
            {t.rich('emptyText', {
              mode,
              succeeded: () => <code>job.succeeded</code>,
              failed: () => <code>job.failed</code>,
              canceled: () => <code>job.canceled</code>,
            })}
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
            setNotice(t('notices.added'));
            list.reload();
          }}
        />
        <RotateSecretDialog
          endpoint={rotating}
          onClose={() => setRotating(null)}
          onRotated={(endpoint) => {
            list.replace(endpoint);
            setNotice(t('notices.rotated'));
          }}
        />
        <DeleteEndpointDialog
          endpoint={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(endpoint) => {
            setDeleting(null);
            if (selected === endpoint.id) setSelected(null);
            setNotice(t('notices.deleted'));
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
  const t = useTranslations('webhooks');
  const { account } = useAccount();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const mode = modeFromSearch(params);

  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
        {account.apiAccess ? (
          <p className="muted">
            {t.rich('intro', {
              id: () => <code>webhook-id</code>,
              timestamp: () => <code>webhook-timestamp</code>,
              signature: () => <code>webhook-signature</code>,
            })}
          </p>
        ) : null}
      </div>
      {account.apiAccess ? (
        <>
          <section className="panel" aria-label={t('modeLabel')}>
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

'use client';

import type { WebhookDeliveryView, WebhookEndpointView } from '@reelscout/domain/views';
import Link from 'next/link';
import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { DateTime } from '../ui/date-time';
import { useObjectList } from '../../lib/use-object-list';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { EmptyState } from '../ui/empty-state';
import { Loading } from '../ui/loading';
import { endpointPath } from './endpoint-dialogs';

const TONE = { pending: 'neutral', succeeded: 'ok', failed: 'bad' } as const;

function anyPending(deliveries: WebhookDeliveryView[]): boolean {
  return deliveries.some((delivery) => delivery.status === 'pending');
}

function lastAttempt(delivery: WebhookDeliveryView) {
  return delivery.attempts.reduce<WebhookDeliveryView['attempts'][number] | undefined>(
    (last, attempt) => (!last || attempt.attempt > last.attempt ? attempt : last),
    undefined,
  );
}

function StatusCode({ delivery }: { delivery: WebhookDeliveryView }) {
  const last = lastAttempt(delivery);
  if (!last) return <span className="muted">not sent yet</span>;
  if (last.status_code === null) {
    return (
      <span className="muted" title={last.error ?? undefined}>
        no answer
      </span>
    );
  }
  return <code title={last.error ?? undefined}>{last.status_code}</code>;
}

/** One endpoint's delivery log, newest first, with a Redeliver button per delivery. */
export function DeliveriesPanel({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointView;
  onClose: () => void;
}) {
  const mode = endpoint.livemode ? 'live' : 'test';
  const list = useObjectList<WebhookDeliveryView>(endpointPath(endpoint, '/deliveries'), {
    limit: 20,
    pollWhile: anyPending,
    pollMs: 3000,
    maxPolls: 40,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  async function redeliver(delivery: WebhookDeliveryView) {
    setBusy(delivery.id);
    setError('');
    try {
      const answer = await api<WebhookDeliveryView>(
        endpointPath(endpoint, `/deliveries/${encodeURIComponent(delivery.id)}/redeliver`),
        { method: 'POST' },
      );
      list.replace(answer);
      setNotice(`Delivery of ${delivery.event_type} queued to be sent again now.`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Could not redeliver.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="panel" aria-labelledby="deliveries-heading" data-testid="deliveries">
      <div className="panel-head">
        <h2 id="deliveries-heading">
          Deliveries to <span className="truncate">{endpoint.url}</span>
        </h2>
        <span className="actions" style={{ marginTop: 0 }}>
          <button type="button" className="button secondary small" onClick={list.reload}>
            Refresh
          </button>
          <button type="button" className="button secondary small" onClick={onClose}>
            Close
          </button>
        </span>
      </div>
      <p className="notice" role="status" aria-live="polite">
        {notice}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {list.error ? (
        <Alert tone="error">{list.error.message}</Alert>
      ) : list.loading && list.items.length === 0 ? (
        <Loading label="Loading deliveries…" />
      ) : list.items.length === 0 ? (
        <EmptyState title="No deliveries yet">
          When a {mode}-mode job ends with an event this endpoint subscribed to, the delivery and
          each attempt appear here.
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="data-table stack-on-phone" data-testid="deliveries-table">
              <caption className="sr-only">Deliveries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Event</th>
                  <th scope="col">Job</th>
                  <th scope="col">Status</th>
                  <th scope="col">Response</th>
                  <th scope="col" className="num">
                    Latency
                  </th>
                  <th scope="col" className="num">
                    Attempts
                  </th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((delivery) => {
                  const last = lastAttempt(delivery);
                  return (
                    <tr
                      key={delivery.id}
                      data-delivery-id={delivery.id}
                      data-job-id={delivery.job_id ?? undefined}
                    >
                      <td data-label="Time">
                        <DateTime iso={delivery.created_at} withSeconds />
                      </td>
                      <td data-label="Event">
                        <code>{delivery.event_type}</code>
                      </td>
                      <td data-label="Job" className="truncate">
                        {delivery.job_id ? (
                          <Link href={`/jobs/${encodeURIComponent(delivery.job_id)}?mode=${mode}`}>
                            <code>{delivery.job_id}</code>
                          </Link>
                        ) : (
                          <span className="muted">none</span>
                        )}
                      </td>
                      <td data-label="Status">
                        <Badge tone={TONE[delivery.status]}>{delivery.status}</Badge>
                        {delivery.status === 'pending' && delivery.next_attempt_at ? (
                          <span className="muted small">
                            {' '}
                            next <DateTime iso={delivery.next_attempt_at} withSeconds />
                          </span>
                        ) : null}
                      </td>
                      <td data-label="Response">
                        <StatusCode delivery={delivery} />
                      </td>
                      <td data-label="Latency" className="num">
                        {last ? `${last.latency_ms} ms` : <span className="muted">none</span>}
                      </td>
                      <td data-label="Attempts" className="num">
                        {delivery.attempt_count}
                      </td>
                      <td className="row-actions">
                        <button
                          type="button"
                          className="button secondary small"
                          aria-label={`Redeliver ${delivery.event_type} for ${delivery.job_id ?? delivery.id}`}
                          disabled={busy === delivery.id || endpoint.status === 'disabled'}
                          title={
                            endpoint.status === 'disabled'
                              ? 'Enable the endpoint to redeliver'
                              : undefined
                          }
                          onClick={() => void redeliver(delivery)}
                        >
                          {busy === delivery.id ? 'Sending…' : 'Redeliver'}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {list.hasMore ? (
            <p className="load-more">
              <button
                type="button"
                className="button secondary"
                onClick={list.loadMore}
                disabled={list.loadingMore}
              >
                {list.loadingMore ? 'Loading…' : 'Load older deliveries'}
              </button>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

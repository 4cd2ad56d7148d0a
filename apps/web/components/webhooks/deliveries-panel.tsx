'use client';

import type { WebhookDeliveryView, WebhookEndpointView } from '@reelscout/domain/views';
import { useFormatter, useTranslations } from 'next-intl';
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
  const t = useTranslations('webhooks.deliveries');
  const last = lastAttempt(delivery);
  if (!last && delivery.failure_reason === 'backlog_full') {
    // Stored past the account's pending cap: say so, rather than "not sent yet".
    return (
      <span className="muted" title={t('backlogFullHint')} data-testid="backlog-full">
        {t('backlogFull')}
      </span>
    );
  }
  if (!last) return <span className="muted">{t('notSent')}</span>;
  if (last.status_code === null) {
    return (
      <span className="muted" title={last.error ?? undefined}>
        {t('noAnswer')}
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
  const t = useTranslations('webhooks.deliveries');
  const units = useTranslations('common.duration');
  const format = useFormatter();
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
      setNotice(t('queued', { event: delivery.event_type }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="panel" aria-labelledby="deliveries-heading" data-testid="deliveries">
      <div className="panel-head">
        <h2 id="deliveries-heading">
          {t.rich('title', { url: () => <span className="truncate">{endpoint.url}</span> })}
        </h2>
        <span className="actions inline-actions">
          <button type="button" className="button secondary small" onClick={list.reload}>
            {t('refresh')}
          </button>
          <button type="button" className="button secondary small" onClick={onClose}>
            {t('close')}
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
        <Loading label={t('loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={t('emptyTitle')}>{t('emptyText', { mode })}</EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="data-table stack-on-phone" data-testid="deliveries-table">
              <caption className="sr-only">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('time')}</th>
                  <th scope="col">{t('event')}</th>
                  <th scope="col">{t('job')}</th>
                  <th scope="col">{t('status')}</th>
                  <th scope="col">{t('response')}</th>
                  <th scope="col" className="num">
                    {t('latency')}
                  </th>
                  <th scope="col" className="num">
                    {t('attempts')}
                  </th>
                  <th scope="col">
                    <span className="sr-only">{t('actions')}</span>
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
                      <td data-label={t('time')}>
                        <DateTime iso={delivery.created_at} withSeconds />
                      </td>
                      <td data-label={t('event')}>
                        <code>{delivery.event_type}</code>
                      </td>
                      <td data-label={t('job')} className="truncate">
                        {delivery.job_id ? (
                          <Link href={`/jobs/${encodeURIComponent(delivery.job_id)}?mode=${mode}`}>
                            <code>{delivery.job_id}</code>
                          </Link>
                        ) : (
                          <span className="muted">{t('none')}</span>
                        )}
                      </td>
                      <td data-label={t('status')}>
                        <Badge tone={TONE[delivery.status]}>
                          {t(`statuses.${delivery.status}`)}
                        </Badge>
                        {delivery.status === 'pending' && delivery.next_attempt_at ? (
                          <span className="muted small">
                            {' '}
                            {t.rich('next', {
                              when: () => (
                                <DateTime iso={delivery.next_attempt_at as string} withSeconds />
                              ),
                            })}
                          </span>
                        ) : null}
                      </td>
                      <td data-label={t('response')}>
                        <StatusCode delivery={delivery} />
                      </td>
                      <td data-label={t('latency')} className="num">
                        {last ? (
                          units('milliseconds', { ms: format.number(last.latency_ms) })
                        ) : (
                          <span className="muted">{t('none')}</span>
                        )}
                      </td>
                      <td data-label={t('attempts')} className="num">
                        {format.number(delivery.attempt_count)}
                      </td>
                      <td className="row-actions">
                        <button
                          type="button"
                          className="button secondary small"
                          aria-label={t('redeliverLabel', {
                            event: delivery.event_type,
                            target: delivery.job_id ?? delivery.id,
                          })}
                          disabled={busy === delivery.id || endpoint.status === 'disabled'}
                          title={
                            endpoint.status === 'disabled' ? t('enableToRedeliver') : undefined
                          }
                          onClick={() => void redeliver(delivery)}
                        >
                          {busy === delivery.id ? t('sending') : t('redeliver')}
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
                {list.loadingMore ? t('loadingMore') : t('loadMore')}
              </button>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

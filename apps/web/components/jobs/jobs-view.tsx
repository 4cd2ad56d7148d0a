'use client';

import type { Mode } from '@reelscout/domain/modes';
import { OPERATIONS, type Operation } from '@reelscout/domain/prices';
import { JOB_STATUSES, type JobStatus, type JobView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
import { api, ApiError, queryString } from '../../lib/api';
import { DateTime } from '../ui/date-time';
import { useObjectList } from '../../lib/use-object-list';
import { NoAccessPanel } from '../overview/no-access-panel';
import { useAccount } from '../shell/account-context';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { OperationSelect } from '../ui/filter-fields';
import { Loading } from '../ui/loading';
import { ModeSwitch, modeFromSearch } from '../ui/mode-switch';
import { anyMoving, isFinal, JobCost, JobDuration, JobStatusCell } from './job-parts';

interface JobFilters {
  mode: Mode;
  operation: Operation | '';
  status: JobStatus | '';
}

function filtersFromSearch(params: { get(name: string): string | null }): JobFilters {
  const operation = params.get('operation') ?? '';
  const status = params.get('status') ?? '';
  return {
    mode: modeFromSearch(params),
    operation: (OPERATIONS as readonly string[]).includes(operation)
      ? (operation as Operation)
      : '',
    status: (JOB_STATUSES as readonly string[]).includes(status) ? (status as JobStatus) : '',
  };
}

function StatusSelect({
  value,
  onChange,
}: {
  value: JobStatus | '';
  onChange: (status: JobStatus | '') => void;
}) {
  const t = useTranslations('jobs');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('table.status')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as JobStatus | '')}>
        <option value="">{t('allStatuses')}</option>
        {JOB_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`statuses.${status}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `/jobs/{id}?mode=…`: the job's page, with its result or error. */
export function jobHref(job: Pick<JobView, 'id' | 'livemode'>): string {
  return `/jobs/${encodeURIComponent(job.id)}?mode=${job.livemode ? 'live' : 'test'}`;
}

export function JobsTable({
  jobs,
  onCancel,
  canceling,
}: {
  jobs: JobView[];
  onCancel: (job: JobView) => void;
  canceling: string | null;
}) {
  const t = useTranslations('jobs.table');
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone" data-testid="jobs-table">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('created')}</th>
            <th scope="col">{t('operation')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col" className="num">
              {t('duration')}
            </th>
            <th scope="col" className="num">
              {t('cost')}
            </th>
            <th scope="col">
              <span className="sr-only">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} data-job-id={job.id} data-status={job.status}>
              <td data-label={t('created')}>
                <DateTime iso={job.created_at} withSeconds />
              </td>
              <td data-label={t('operation')}>
                <code>{job.operation}</code>{' '}
                <span className="muted small">
                  {t(`callModes.${job.mode === 'async' ? 'async' : 'sync'}`)}
                </span>
              </td>
              <td data-label={t('status')}>
                <JobStatusCell job={job} />
              </td>
              <td data-label={t('duration')} className="num">
                <JobDuration job={job} />
              </td>
              <td data-label={t('costShort')} className="num">
                <JobCost job={job} />
              </td>
              <td className="row-actions">
                <Link
                  href={jobHref(job)}
                  className="button secondary small"
                  aria-label={t('openLabel', { id: job.id })}
                >
                  {job.status === 'succeeded'
                    ? t('result')
                    : job.status === 'failed' || job.status === 'canceled'
                      ? t('error')
                      : t('details')}
                </Link>{' '}
                {isFinal(job) ? null : (
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={t('cancelLabel', { id: job.id })}
                    disabled={canceling === job.id}
                    onClick={() => onCancel(job)}
                  >
                    {canceling === job.id ? t('canceling') : t('cancel')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function JobsPanel({ filters }: { filters: JobFilters }) {
  const t = useTranslations('jobs');
  const { refresh } = useAccount();
  const list = useObjectList<JobView>(
    `/account/jobs${queryString({
      mode: filters.mode,
      operation: filters.operation,
      status: filters.status,
    })}`,
    { limit: 20, pollWhile: anyMoving },
  );
  const [canceling, setCanceling] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [cancelError, setCancelError] = useState('');

  // Access withdrawn since sign-in: reload the account, which hides this tab.
  const forbidden = list.error?.status === 403;
  useEffect(() => {
    if (forbidden) refresh();
  }, [forbidden, refresh]);

  async function cancel(job: JobView) {
    setCanceling(job.id);
    setCancelError('');
    try {
      const ended = await api<JobView>(
        `/account/jobs/${encodeURIComponent(job.id)}/cancel?mode=${filters.mode}`,
        { method: 'POST' },
      );
      list.replace(ended);
      setNotice(
        isFinal(ended)
          ? t('notices.ended', { id: job.id, status: t(`statuses.${ended.status}`) })
          : t('notices.canceling', { id: job.id }),
      );
    } catch (caught) {
      setCancelError(caught instanceof ApiError ? caught.message : t('cancelFailed'));
      list.reload();
    } finally {
      setCanceling(null);
    }
  }

  return (
    <section className="panel" aria-labelledby="jobs-heading">
      <div className="panel-head">
        <h2 id="jobs-heading">{t('recent')}</h2>
        <button type="button" className="button secondary small" onClick={list.reload}>
          {t('refresh')}
        </button>
      </div>
      <p className="notice" role="status" aria-live="polite">
        {notice}
      </p>
      {cancelError ? <Alert tone="error">{cancelError}</Alert> : null}
      {list.error ? (
        <Alert tone="error">{list.error.message}</Alert>
      ) : list.loading && list.items.length === 0 ? (
        <Loading label={t('loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={t('emptyTitle')}>
          {t.rich('emptyText', {
            mode: filters.mode,
            header: () => <code>Prefer: respond-async</code>,
          })}
        </EmptyState>
      ) : (
        <>
          <JobsTable jobs={list.items} onCancel={(job) => void cancel(job)} canceling={canceling} />
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

export function JobsView() {
  const t = useTranslations('jobs');
  const { account } = useAccount();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = filtersFromSearch(params);

  function set(next: Partial<JobFilters>) {
    const merged = { ...filters, ...next };
    router.replace(
      `${pathname}${queryString({
        mode: merged.mode === 'test' ? undefined : merged.mode,
        operation: merged.operation,
        status: merged.status,
      })}`,
    );
  }

  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
        {account.apiAccess ? <p className="muted">{t('intro')}</p> : null}
      </div>
      {account.apiAccess ? (
        <>
          <section className="panel" aria-label={t('filters')}>
            <div className="filters compact">
              <ModeSwitch
                name="jobs-mode"
                value={filters.mode}
                onChange={(mode) => set({ mode })}
              />
              <OperationSelect
                value={filters.operation}
                onChange={(operation) => set({ operation })}
              />
              <StatusSelect value={filters.status} onChange={(status) => set({ status })} />
            </div>
          </section>
          <JobsPanel filters={filters} />
        </>
      ) : (
        <NoAccessPanel />
      )}
    </>
  );
}

'use client';

import type { JobView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useParams, useSearchParams } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { api, ApiError } from '../../lib/api';
import { DateTime } from '../ui/date-time';
import { useApi } from '../../lib/use-api';
import { NoAccessPanel } from '../overview/no-access-panel';
import { useAccount } from '../shell/account-context';
import { Alert } from '../ui/alert';
import { CopyButton } from '../ui/copy-button';
import { Loading } from '../ui/loading';
import { Money } from '../ui/money';
import { ModeBadge } from '../ui/mode-badge';
import { modeFromSearch } from '../ui/mode-switch';
import { isFinal, JobCost, JobDuration, JobStatusCell } from './job-parts';

const POLL_MS = 2000;
const MAX_POLLS = 300;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function When({ iso }: { iso: string | null }) {
  const t = useTranslations('jobs.detail');
  if (!iso) return <span className="muted">{t('notYet')}</span>;
  return <DateTime iso={iso} withSeconds />;
}

/** The JSON of a result or an error, as the API returned it, with a copy button. */
function JsonBlock({ value, label }: { value: unknown; label: string }) {
  const t = useTranslations('jobs.detail');
  const text = JSON.stringify(value, null, 2);
  return (
    <>
      <pre className="secret json-block" data-testid="job-json" aria-label={label} tabIndex={0}>
        {text}
      </pre>
      <CopyButton text={text} label={t('copyJson')} />
    </>
  );
}

function Output({ job }: { job: JobView }) {
  const t = useTranslations('jobs.detail');
  if (job.status === 'succeeded') {
    if (job.result_purged) {
      return <Alert tone="info">{t('purged')}</Alert>;
    }
    return <JsonBlock value={job.result} label={t('resultJson')} />;
  }
  if (job.error) return <JsonBlock value={job.error} label={t('errorJson')} />;
  return <p className="muted">{t('pending')}</p>;
}

function JobDetail({ id }: { id: string }) {
  const t = useTranslations('jobs.detail');
  const statuses = useTranslations('jobs');
  const params = useSearchParams();
  const mode = modeFromSearch(params);
  const path = `/account/jobs/${encodeURIComponent(id)}?mode=${mode}`;
  const loaded = useApi<JobView>(path);
  const [job, setJob] = useState<JobView | undefined>();
  const [polls, setPolls] = useState(0);
  const [canceling, setCanceling] = useState(false);
  const [actionError, setActionError] = useState('');

  useEffect(() => {
    if (loaded.data) setJob(loaded.data);
  }, [loaded.data]);

  // Follows a queued or running job until it ends (bounded).
  const moving = job !== undefined && !isFinal(job);
  useEffect(() => {
    if (!moving || polls >= MAX_POLLS) return;
    const timer = setTimeout(() => {
      api<JobView>(path)
        .then(setJob)
        .catch(() => undefined)
        .finally(() => setPolls((n) => n + 1));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [moving, polls, path]);

  async function cancel() {
    setCanceling(true);
    setActionError('');
    try {
      setJob(
        await api<JobView>(`/account/jobs/${encodeURIComponent(id)}/cancel?mode=${mode}`, {
          method: 'POST',
        }),
      );
      setPolls(0);
    } catch (caught) {
      setActionError(caught instanceof ApiError ? caught.message : statuses('cancelFailed'));
    } finally {
      setCanceling(false);
    }
  }

  if (loaded.error) {
    return (
      <Alert tone="error" title={loaded.error.status === 404 ? t('notFoundTitle') : undefined}>
        {loaded.error.status === 404 ? t('notFoundText', { mode, id }) : loaded.error.message}
      </Alert>
    );
  }
  if (!job) return <Loading label={t('loading')} />;

  return (
    <>
      <section className="panel" aria-labelledby="job-heading" data-testid="job-detail">
        <div className="panel-head">
          <h2 id="job-heading">
            {t.rich('heading', { operation: () => <code>{job.operation}</code> })}
          </h2>
          {isFinal(job) ? null : (
            <button
              type="button"
              className="button danger small"
              disabled={canceling}
              onClick={() => void cancel()}
            >
              {canceling ? t('canceling') : t('cancel')}
            </button>
          )}
        </div>
        {actionError ? <Alert tone="error">{actionError}</Alert> : null}
        <dl className="facts">
          <Fact label={t('id')}>
            <code>{job.id}</code>
          </Fact>
          <Fact label={t('status')}>
            <JobStatusCell job={job} />
          </Fact>
          <Fact label={t('mode')}>
            <ModeBadge mode={job.livemode ? 'live' : 'test'} />{' '}
            {statuses(`table.callModes.${job.mode === 'async' ? 'async' : 'sync'}`)}
          </Fact>
          <Fact label={t('created')}>
            <When iso={job.created_at} />
          </Fact>
          <Fact label={t('started')}>
            <When iso={job.started_at} />
          </Fact>
          <Fact label={t('finished')}>
            <When iso={job.finished_at} />
          </Fact>
          <Fact label={t('duration')}>
            <JobDuration job={job} />
          </Fact>
          <Fact label={t('cost')}>
            <JobCost job={job} />
          </Fact>
          {job.billing.balance_usd !== null ? (
            <Fact label={t('balanceAfter')}>
              <Money amountUsd={job.billing.balance_usd} />
            </Fact>
          ) : null}
          <Fact label={t('httpStatus')}>
            {job.http_status ?? <span className="muted">{t('noneYet')}</span>}
          </Fact>
          <Fact label={t('requestId')}>
            <code>{job.request_id}</code>
          </Fact>
          {job.subject ? <Fact label={t('subject')}>{job.subject}</Fact> : null}
          {job.result_expires_at && !job.result_purged ? (
            <Fact label={t('keptUntil')}>
              <When iso={job.result_expires_at} />
            </Fact>
          ) : null}
        </dl>
      </section>
      <section className="panel" aria-labelledby="output-heading">
        <h2 id="output-heading">{job.status === 'succeeded' ? t('result') : t('error')}</h2>
        <Output job={job} />
      </section>
    </>
  );
}

export function JobDetailView() {
  const t = useTranslations('jobs.detail');
  const { account } = useAccount();
  const params = useParams<{ id: string }>();
  const search = useSearchParams();
  const id = params.id ?? '';
  const mode = modeFromSearch(search);
  return (
    <>
      <div className="page-head">
        <p className="small">
          <Link href={mode === 'live' ? '/jobs?mode=live' : '/jobs'}>{t('allJobs')}</Link>
        </p>
        <h1>{t('title')}</h1>
      </div>
      {account.apiAccess ? <JobDetail id={id} /> : <NoAccessPanel />}
    </>
  );
}

import type { JobStatus, JobView } from '@reelscout/domain/views';
import { useFormatter, useTranslations, type NumberFormatOptions } from 'next-intl';
import { useMoney } from '../../lib/use-money';
import { Money } from '../ui/money';
import { Badge } from '../ui/badge';
import { Duration } from '../ui/duration';

const FINAL: readonly JobStatus[] = ['succeeded', 'failed', 'canceled'];

/** succeeded, failed and canceled are final: nothing about the job changes any more. */
export function isFinal(job: Pick<JobView, 'status'>): boolean {
  return FINAL.includes(job.status);
}

/** Something on the page is still queued or running (worth polling). */
export function anyMoving(jobs: JobView[]): boolean {
  return jobs.some((job) => !isFinal(job));
}

/** How long it ran (from its start, or its creation while it never started); running: so far. */
export function jobDurationMs(job: JobView, now = Date.now()): number | null {
  const start = Date.parse(job.started_at ?? job.created_at);
  if (job.finished_at) return Math.max(0, Date.parse(job.finished_at) - start);
  if (job.status === 'running' && job.started_at) return Math.max(0, now - start);
  return null;
}

export function JobDuration({ job }: { job: JobView }) {
  const t = useTranslations('jobs.parts');
  const ms = jobDurationMs(job);
  if (ms === null) return <span className="muted">{t('notStarted')}</span>;
  return <Duration ms={ms} />;
}

/** What it cost once it ended; before that, what is held for it. */
export function JobCost({ job }: { job: JobView }) {
  const t = useTranslations('jobs.parts');
  const { usdDecimal } = useMoney();
  if (job.billing.charged_usd !== null) {
    return <Money amountUsd={job.billing.charged_usd} />;
  }
  return (
    <span className="money muted" title={t('heldTitle')}>
      {t('held', { amount: usdDecimal(job.billing.held_usd) })}
    </span>
  );
}

/** A share of 0–1 as a whole percentage, as the page's language writes it (`35%`). */
export const PERCENT: NumberFormatOptions = { style: 'percent', maximumFractionDigits: 0 };

const TONE: Record<JobStatus, 'ok' | 'bad' | 'neutral' | 'test'> = {
  queued: 'neutral',
  running: 'test',
  succeeded: 'ok',
  failed: 'bad',
  canceled: 'neutral',
};

/** The status, and while it is queued or running a progress bar with its percentage. */
export function JobStatusCell({ job }: { job: JobView }) {
  const t = useTranslations('jobs');
  const format = useFormatter();
  const share = Math.min(1, Math.max(0, job.progress));
  const percent = Math.round(share * 100);
  return (
    <span className="job-status">
      <Badge tone={TONE[job.status]}>
        {t(`statuses.${job.status}`)}
        {job.status === 'failed' && job.error ? ` ${job.error.error.code}` : ''}
      </Badge>
      {isFinal(job) ? null : (
        <span className="small muted">
          {' '}
          <progress
            max={100}
            value={job.status === 'queued' ? undefined : percent}
            aria-label={t('parts.progressLabel', { operation: job.operation })}
            className="inline-progress"
          />{' '}
          {job.status === 'queued' ? t('parts.waiting') : format.number(share, PERCENT)}
        </span>
      )}
    </span>
  );
}

import type { JobStatus, JobView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
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
  if (job.billing.charged_usd !== null) {
    return <span className="money">${job.billing.charged_usd}</span>;
  }
  return (
    <span className="money muted" title={t('heldTitle')}>
      {t('held', { amount: `$${job.billing.held_usd}` })}
    </span>
  );
}

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
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
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
            style={{ verticalAlign: 'middle', width: 96 }}
          />{' '}
          {job.status === 'queued' ? t('parts.waiting') : `${percent}%`}
        </span>
      )}
    </span>
  );
}

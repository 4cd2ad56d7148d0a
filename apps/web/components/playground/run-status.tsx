'use client';

import type { JobView } from '@reelscout/domain/views';
import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import type { PlaygroundTexts } from '../../lib/playground';
import { isFinalJob, type PlaygroundRun } from '../../lib/use-playground-runs';
import { useApiErrorText } from '../../lib/use-api-error-text';
import { useMoney } from '../../lib/use-money';
import { jobDurationMs, PERCENT } from '../jobs/job-parts';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Duration } from '../ui/duration';

function statusText(
  job: JobView | undefined,
  t: PlaygroundTexts,
  format: ReturnType<typeof useFormatter>,
): string {
  if (!job) return t('form.starting');
  const percent = format.number(Math.min(1, Math.max(0, job.progress)), PERCENT);
  switch (job.status) {
    case 'queued':
      return t('run.queued');
    case 'running':
      return t('run.running', { percent });
    case 'succeeded':
      return t('run.succeeded');
    case 'failed':
      return t('run.failed', { code: job.error?.error.code ?? '' });
    default:
      return t('run.canceled');
  }
}

const TONE = {
  queued: 'neutral',
  running: 'test',
  succeeded: 'ok',
  failed: 'bad',
  canceled: 'neutral',
} as const;

/**
 * The run's progress (from the job's `progress`), a cancel button while it runs, then its cost
 * and duration. Its height does not change as the run moves on (no layout shift).
 */
export function RunStatus({
  run,
  onCancel,
}: {
  run: PlaygroundRun | undefined;
  onCancel: () => void;
}) {
  const t = useTranslations('playground');
  const statuses = useTranslations('jobs.statuses');
  const { usdDecimal } = useMoney();
  const apiErrorText = useApiErrorText();
  const format = useFormatter();
  const operationLabel = run ? t(`operations.${run.operation}.label`) : '';
  const job = run?.job;
  const final = isFinalJob(job);
  const percent = job ? Math.round(Math.min(1, Math.max(0, job.progress)) * 100) : 0;
  const waiting = !run?.startError && !run?.lostTrack && !final;
  const durationMs = job ? jobDurationMs(job) : null;
  const indeterminate = !job || job.status === 'queued';

  return (
    <div
      className="pg-status"
      data-testid="pg-status"
      data-status={job?.status ?? (run ? 'starting' : 'idle')}
    >
      {!run ? (
        <p className="muted small pg-status-line">{t('run.idle')}</p>
      ) : run.startError ? (
        <Alert tone="error" title={t('run.startError')}>
          {run.startError.message}
        </Alert>
      ) : (
        <>
          <div className="pg-status-line">
            {job ? <Badge tone={TONE[job.status]}>{statuses(job.status)}</Badge> : null}
            {/* The percentage changes every poll: shown, but only the status is announced. */}
            <span className="small" aria-hidden={job ? true : undefined}>
              {statusText(job, t, format)}
            </span>
            {job ? (
              <span role="status" aria-live="polite" className="sr-only">
                {statuses(job.status)}
              </span>
            ) : null}
            {waiting && job ? (
              <button
                type="button"
                className="button danger small"
                onClick={onCancel}
                disabled={run.canceling}
              >
                {run.canceling ? t('run.canceling') : t('run.cancel')}
              </button>
            ) : null}
          </div>
          <progress
            // Remounted between indeterminate (waiting) and determinate, which browsers restyle
            // unreliably in place.
            key={indeterminate ? 'waiting' : 'moving'}
            className="pg-progress"
            max={100}
            value={indeterminate ? undefined : final ? 100 : percent}
            aria-label={t('run.progressLabel', { operation: operationLabel })}
            data-testid="pg-progress"
          />
          <dl className="pg-facts">
            <div>
              <dt>{t('run.cost')}</dt>
              <dd className="money" data-testid="pg-cost">
                {job?.billing.charged_usd != null
                  ? usdDecimal(job.billing.charged_usd)
                  : job
                    ? t('run.held', { price: usdDecimal(job.billing.held_usd) })
                    : t('units.notAvailable')}
              </dd>
            </div>
            <div>
              <dt>{t('run.duration')}</dt>
              <dd data-testid="pg-duration">
                {durationMs !== null && final ? (
                  <Duration ms={durationMs} />
                ) : (
                  t('units.notAvailable')
                )}
              </dd>
            </div>
            {job ? (
              <div>
                <dt className="sr-only">{t('run.jobLink')}</dt>
                <dd>
                  <Link
                    href={`/jobs/${encodeURIComponent(job.id)}?mode=${run.mode}`}
                    className="small"
                  >
                    {t('run.jobLink')}
                  </Link>
                </dd>
              </div>
            ) : null}
          </dl>
          {run.cancelError ? <Alert tone="error">{run.cancelError}</Alert> : null}
          {run.lostTrack ? (
            <Alert tone="warning">{t('run.pollError', { message: run.lostTrack })}</Alert>
          ) : null}
          {job?.status === 'failed' && job.error ? (
            <Alert
              tone="error"
              title={t('run.errorTitle', {
                operation: operationLabel,
                status: job.http_status ?? '',
                code: job.error.error.code,
              })}
            >
              {apiErrorText(job.error.error)}
            </Alert>
          ) : null}
          {job?.status === 'succeeded' && job.result_purged ? (
            <Alert tone="info">{t('run.resultPurged')}</Alert>
          ) : null}
        </>
      )}
    </div>
  );
}

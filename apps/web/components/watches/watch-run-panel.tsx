'use client';

import type { Mode } from '@reelscout/domain/modes';
import type { JobView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import type { ScanResult } from '../../lib/playground-types';
import { isFinal, JobCost, JobStatusCell } from '../jobs/job-parts';
import { ScanResultView } from '../playground/scan-result';
import { Alert } from '../ui/alert';
import { Loading } from '../ui/loading';

const POLL_MS = 1000;
/** A run is a scan: it ends well within this many polls, or the reader refreshes by hand. */
const MAX_POLLS = 300;

/** The watch whose run is shown, and the run's job. */
export interface ShownRun {
  query: string;
  jobId: string;
}

/**
 * One run of a watch (a scan job of the account): followed until it ends, then its new reels
 * drawn with the playground's scan cards (their covers come from the job's media route).
 */
export function WatchRunPanel({
  run,
  mode,
  onEnded,
}: {
  run: ShownRun;
  mode: Mode;
  onEnded: () => void;
}) {
  const t = useTranslations('watches.run');
  const [job, setJob] = useState<JobView | null>(null);
  const [error, setError] = useState('');
  // The parent's reload, kept aside so a new one does not restart the poll.
  const ended = useRef(onEnded);
  ended.current = onEnded;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setJob(null);
    setError('');
    async function poll(count: number) {
      try {
        const next = await api<JobView>(
          `/account/jobs/${encodeURIComponent(run.jobId)}?mode=${mode}`,
        );
        if (stopped) return;
        setJob(next);
        if (isFinal(next)) ended.current();
        else if (count < MAX_POLLS) timer = setTimeout(() => void poll(count + 1), POLL_MS);
      } catch (caught) {
        if (!stopped) setError(caught instanceof ApiError ? caught.message : t('failed'));
      }
    }
    void poll(0);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [run.jobId, mode, t]);

  return (
    <section className="panel" aria-labelledby="watch-run-heading" data-testid="watch-run">
      <div className="panel-head">
        <h2 id="watch-run-heading">{t('heading', { query: run.query })}</h2>
      </div>
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : !job ? (
        <Loading label={t('loading')} />
      ) : (
        <>
          <p className="small" data-testid="watch-run-status" data-status={job.status}>
            <JobStatusCell job={job} /> · <JobCost job={job} />
          </p>
          {job.status === 'succeeded' && job.result ? (
            <ScanResultView result={job.result as ScanResult} jobId={job.id} mode={mode} />
          ) : job.status === 'failed' || job.status === 'canceled' ? (
            <Alert tone="error">
              {job.error
                ? ApiError.fromBody(job.http_status ?? 500, job.error).message
                : t('failed')}
            </Alert>
          ) : null}
        </>
      )}
    </section>
  );
}

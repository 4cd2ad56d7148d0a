'use client';

import type { WatchView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';

export type WatchAction = 'run' | 'pause' | 'resume' | 'delete' | 'reels';

/**
 * The watches of one mode: brief, schedule and scan shape, state, and what their latest run
 * delivered.
 */
export function WatchesTable({
  watches,
  busy,
  mode,
  onAction,
}: {
  watches: WatchView[];
  /** The mode the page shows (a creator watch's page names it). */
  mode: 'live' | 'test';
  /** The id of the watch an action is under way for (its buttons wait). */
  busy: string | null;
  onAction: (watch: WatchView, action: WatchAction) => void;
}) {
  const t = useTranslations('watches.table');
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone" data-testid="watches-table">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('query')}</th>
            <th scope="col">{t('market')}</th>
            <th scope="col">{t('interval')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('lastRun')}</th>
            <th scope="col" className="num">
              {t('newReels')}
            </th>
            <th scope="col">{t('nextRun')}</th>
            <th scope="col">
              <span className="sr-only">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {watches.map((watch) => {
            const last = watch.last_run;
            const waiting = busy === watch.id;
            return (
              <tr key={watch.id} data-watch-id={watch.id} data-status={watch.status}>
                <td data-label={t('query')} className="truncate">
                  {watch.kind === 'creator' ? (
                    <Link href={`/watches/${encodeURIComponent(watch.id)}?mode=${mode}`}>
                      {watch.query}
                    </Link>
                  ) : (
                    watch.query
                  )}
                </td>
                <td data-label={t('market')}>
                  <code>{watch.market}</code>
                </td>
                <td data-label={t('interval')}>
                  {t(`intervals.${watch.interval}`)}
                  <span className="small muted" data-testid="watch-shape">
                    {' · '}
                    {watch.kind === 'creator'
                      ? t('creatorShape', { multiple: watch.outlier_multiple ?? 2 })
                      : t('shape', {
                          limit: watch.limit,
                          sort: t(`sorts.${watch.sort ?? 'traction'}`),
                        })}
                    {watch.min_outlier_score === null
                      ? null
                      : ` · ${t('minScore', { score: watch.min_outlier_score })}`}
                  </span>
                </td>
                <td data-label={t('status')}>
                  <Badge tone={watch.status === 'active' ? 'ok' : 'warn'}>
                    {t(`statuses.${watch.status}`)}
                  </Badge>
                  {watch.status_reason ? (
                    <span className="small muted" data-testid="watch-status-reason">
                      {' '}
                      {t(`reasons.${watch.status_reason}`)}
                    </span>
                  ) : null}
                </td>
                <td data-label={t('lastRun')}>
                  {last ? <DateTime iso={last.created_at} /> : t('never')}
                </td>
                <td data-label={t('newReels')} className="num" data-testid="watch-new-reels">
                  {last?.new_reels ?? '—'}
                </td>
                <td data-label={t('nextRun')}>
                  {watch.next_run_at ? <DateTime iso={watch.next_run_at} /> : t('notScheduled')}
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="button small"
                    aria-label={t('runLabel', { query: watch.query })}
                    disabled={waiting}
                    onClick={() => onAction(watch, 'run')}
                  >
                    {t('run')}
                  </button>{' '}
                  {watch.kind === 'creator' ? (
                    <>
                      <Link
                        className="button secondary small"
                        href={`/watches/${encodeURIComponent(watch.id)}?mode=${mode}`}
                        aria-label={t('openLabel', { query: watch.query })}
                      >
                        {t('open')}
                      </Link>{' '}
                    </>
                  ) : last ? (
                    <>
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={t('reelsLabel', { query: watch.query })}
                        onClick={() => onAction(watch, 'reels')}
                      >
                        {t('reels')}
                      </button>{' '}
                    </>
                  ) : null}
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t(watch.status === 'active' ? 'pauseLabel' : 'resumeLabel', {
                      query: watch.query,
                    })}
                    disabled={waiting}
                    onClick={() => onAction(watch, watch.status === 'active' ? 'pause' : 'resume')}
                  >
                    {t(watch.status === 'active' ? 'pause' : 'resume')}
                  </button>{' '}
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={t('deleteLabel', { query: watch.query })}
                    disabled={waiting}
                    onClick={() => onAction(watch, 'delete')}
                  >
                    {t('delete')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

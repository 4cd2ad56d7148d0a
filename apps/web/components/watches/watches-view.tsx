'use client';

import type { Mode } from '@reelscout/domain/modes';
import type { JobView, WatchView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { api, ApiError, queryString } from '../../lib/api';
import { useObjectList } from '../../lib/use-object-list';
import { NoAccessPanel } from '../overview/no-access-panel';
import { useAccount } from '../shell/account-context';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { Loading } from '../ui/loading';
import { ModeSwitch, modeFromSearch } from '../ui/mode-switch';
import { CreateWatchForm } from './create-watch-form';
import { ConfirmLiveRunDialog, DeleteWatchDialog, runPrice } from './watch-dialogs';
import { WatchRunPanel, type ShownRun } from './watch-run-panel';
import { WatchesTable, type WatchAction } from './watches-table';

const watchPath = (watch: WatchView, mode: Mode, tail = '') =>
  `/account/watches/${encodeURIComponent(watch.id)}${tail}?mode=${mode}`;

/** A run of a watch is still going: the list follows it until its new-reel count is known. */
const anyRunMoving = (watches: WatchView[]) =>
  watches.some(
    (w) => w.last_run && (w.last_run.status === 'queued' || w.last_run.status === 'running'),
  );

function WatchesPanel({ mode }: { mode: Mode }) {
  const t = useTranslations('watches');
  const { refresh } = useAccount();
  const list = useObjectList<WatchView>(`/account/watches?mode=${mode}`, {
    limit: 50,
    pollWhile: anyRunMoving,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<WatchView | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const [confirming, setConfirming] = useState<WatchView | null>(null);
  const [shown, setShown] = useState<ShownRun | null>(null);

  // Access withdrawn since sign-in: reload the account, which hides this tab.
  const forbidden = list.error?.status === 403;
  useEffect(() => {
    if (forbidden) refresh();
  }, [forbidden, refresh]);
  useEffect(() => setShown(null), [mode]);

  const failed = (caught: unknown) =>
    setError(caught instanceof ApiError ? caught.message : t('actionFailed'));

  async function setStatus(watch: WatchView, status: 'active' | 'paused') {
    setBusy(watch.id);
    setError('');
    try {
      const next = await api<WatchView>(watchPath(watch, mode), {
        method: 'PATCH',
        body: { status },
      });
      list.replace(next);
      setNotice(
        t(status === 'paused' ? 'notices.paused' : 'notices.resumed', { query: watch.query }),
      );
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(null);
    }
  }

  async function run(watch: WatchView) {
    setConfirming(null);
    setBusy(watch.id);
    setError('');
    try {
      const job = await api<JobView>(watchPath(watch, mode, '/run'), {
        body: mode === 'live' ? { confirm_price_usd: runPrice(watch) } : {},
      });
      setShown({ query: watch.query, jobId: job.id });
      setNotice(t('notices.started', { query: watch.query }));
      list.reload();
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(null);
    }
  }

  async function remove(watch: WatchView) {
    setBusy(watch.id);
    setDeleteError('');
    try {
      await api(watchPath(watch, mode), { method: 'DELETE' });
      setDeleting(null);
      setNotice(t('notices.deleted', { query: watch.query }));
      list.reload();
    } catch (caught) {
      setDeleteError(caught instanceof ApiError ? caught.message : t('actionFailed'));
    } finally {
      setBusy(null);
    }
  }

  function act(watch: WatchView, action: WatchAction) {
    if (action === 'pause') void setStatus(watch, 'paused');
    else if (action === 'resume') void setStatus(watch, 'active');
    else if (action === 'delete') {
      setDeleteError('');
      setDeleting(watch);
    } else if (action === 'reels' && watch.last_run) {
      setShown({ query: watch.query, jobId: watch.last_run.job_id });
    } else if (action === 'run') {
      if (mode === 'live') setConfirming(watch);
      else void run(watch);
    }
  }

  return (
    <>
      <CreateWatchForm
        mode={mode}
        onCreated={(watch) => {
          setNotice(t('notices.created', { query: watch.query }));
          list.reload();
        }}
      />
      <section className="panel" aria-labelledby="watches-heading">
        <div className="panel-head">
          <h2 id="watches-heading">{t('listHeading')}</h2>
          <button type="button" className="button secondary small" onClick={list.reload}>
            {t('refresh')}
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
          <EmptyState title={t('emptyTitle')}>{t('emptyText', { mode })}</EmptyState>
        ) : (
          <>
            <WatchesTable watches={list.items} busy={busy} mode={mode} onAction={act} />
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
      {shown ? <WatchRunPanel run={shown} mode={mode} onEnded={list.reload} /> : null}
      <DeleteWatchDialog
        watch={deleting}
        busy={deleting !== null && busy === deleting.id}
        error={deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={(watch) => void remove(watch)}
      />
      <ConfirmLiveRunDialog
        watch={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={(watch) => void run(watch)}
      />
    </>
  );
}

/** The Watches page: the account's watches of one mode, made, run and looked after by hand. */
export function WatchesView() {
  const t = useTranslations('watches');
  const { account } = useAccount();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const mode = modeFromSearch(params);

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
                name="watches-mode"
                value={mode}
                onChange={(next) =>
                  router.replace(
                    `${pathname}${queryString({ mode: next === 'test' ? undefined : next })}`,
                  )
                }
              />
            </div>
          </section>
          <WatchesPanel mode={mode} />
        </>
      ) : (
        <NoAccessPanel />
      )}
    </>
  );
}

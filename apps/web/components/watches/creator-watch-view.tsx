'use client';

import type {
  CreatorPostListView,
  CreatorPostView,
  CreatorSnapshotListView,
  JobView,
  WatchView,
} from '@reelscout/domain/views';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useParams, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { formatLocale } from '../../i18n/locales';
import { api, ApiError } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { NoAccessPanel } from '../overview/no-access-panel';
import { useAccount } from '../shell/account-context';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { EmptyState } from '../ui/empty-state';
import { Loading } from '../ui/loading';
import { ModeBadge } from '../ui/mode-badge';
import { modeFromSearch } from '../ui/mode-switch';
import { FollowerChart } from './follower-chart';
import { ConfirmLiveRunDialog, runPrice } from './watch-dialogs';

function Multiple({ post }: { post: CreatorPostView }) {
  const t = useTranslations('watches.creator');
  if (post.multipleOfMedian === null) return <span className="muted">{t('noMedian')}</span>;
  return (
    <>
      {t('multiple', { multiple: post.multipleOfMedian })}
      {post.outlier ? (
        <>
          {' '}
          <span data-testid="outlier-badge">
            <Badge tone="ok">{t('outlier')}</Badge>
          </span>
        </>
      ) : null}
    </>
  );
}

function PostsTable({ posts }: { posts: CreatorPostView[] }) {
  const t = useTranslations('watches.creator');
  const number = new Intl.NumberFormat(formatLocale(useLocale()), { notation: 'compact' });
  const count = (value: number | null) => (value === null ? '—' : number.format(value));
  return (
    <div className="table-wrap">
      <table className="data-table stack-on-phone" data-testid="creator-posts">
        <caption className="sr-only">{t('postsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('posted')}</th>
            <th scope="col">{t('caption')}</th>
            <th scope="col" className="num">
              {t('plays')}
            </th>
            <th scope="col" className="num">
              {t('likes')}
            </th>
            <th scope="col">{t('vsMedian')}</th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => (
            <tr key={post.id} data-post-id={post.id} data-outlier={String(post.outlier)}>
              <td data-label={t('posted')}>
                {post.postedAt ? <DateTime iso={post.postedAt} /> : '—'}
              </td>
              <td data-label={t('caption')} className="truncate">
                <a href={post.url} target="_blank" rel="noreferrer noopener">
                  {post.caption || post.id}
                </a>
              </td>
              <td data-label={t('plays')} className="num">
                {count(post.playCount)}
              </td>
              <td data-label={t('likes')} className="num">
                {count(post.likeCount)}
              </td>
              <td data-label={t('vsMedian')}>
                <Multiple post={post} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A creator watch's page: who it follows, the follower history as a chart, and the posts its
 * runs found, newest first, each against the creator's median with a badge on the outliers.
 */
export function CreatorWatchView() {
  const t = useTranslations('watches.creator');
  const { account } = useAccount();
  const params = useParams<{ id: string }>();
  const mode = modeFromSearch(useSearchParams());
  const id = encodeURIComponent(params.id);
  const base = account.apiAccess ? `/account/watches/${id}` : null;
  const watch = useApi<WatchView>(base && `${base}?mode=${mode}`);
  const snapshots = useApi<CreatorSnapshotListView>(
    base && `${base}/snapshots?mode=${mode}&limit=100`,
  );
  const posts = useApi<CreatorPostListView>(base && `${base}/posts?mode=${mode}&limit=50`);
  const [confirming, setConfirming] = useState<WatchView | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  if (!account.apiAccess) return <NoAccessPanel />;

  async function run(target: WatchView) {
    setConfirming(null);
    setError('');
    try {
      await api<JobView>(`/account/watches/${id}/run?mode=${mode}`, {
        body: mode === 'live' ? { confirm_price_usd: runPrice(target) } : {},
      });
      setNotice(t('started'));
      // The run is a job of a few seconds: read again once it has had the time to end.
      setTimeout(() => {
        watch.reload();
        snapshots.reload();
        posts.reload();
      }, 2_500);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('runFailed'));
    }
  }

  const shown = watch.data;
  const creator = shown?.creator;
  return (
    <>
      <div className="page-head">
        <p className="muted small">
          <Link href={`/watches${mode === 'live' ? '?mode=live' : ''}`}>{t('back')}</Link>
        </p>
        <h1>
          {creator ? t('title', { handle: creator.handle ?? creator.url }) : t('loadingTitle')}{' '}
          <ModeBadge mode={mode} />
        </h1>
        {creator ? (
          <p className="muted">
            {creator.name ? `${creator.name} · ` : ''}
            <code>{creator.market}</code> ·{' '}
            <a href={creator.url} target="_blank" rel="noreferrer noopener">
              {t('profile')}
            </a>
            {shown ? ` · ${t('threshold', { multiple: shown.outlier_multiple ?? 2 })}` : ''}
          </p>
        ) : null}
      </div>
      {watch.error ? (
        <Alert tone="error">{watch.error.message}</Alert>
      ) : !shown ? (
        <Loading label={t('loading')} />
      ) : shown.kind !== 'creator' ? (
        <Alert tone="info">{t('notCreator')}</Alert>
      ) : (
        <>
          <section className="panel" aria-labelledby="followers-heading">
            <div className="panel-head">
              <h2 id="followers-heading">{t('followersHeading')}</h2>
              <button
                type="button"
                className="button small"
                onClick={() => (mode === 'live' ? setConfirming(shown) : void run(shown))}
              >
                {t('run')}
              </button>
            </div>
            <p className="notice" role="status" aria-live="polite">
              {notice}
            </p>
            {error ? <Alert tone="error">{error}</Alert> : null}
            {snapshots.data && snapshots.data.data.length > 0 ? (
              <FollowerChart snapshots={snapshots.data.data} />
            ) : snapshots.loading ? (
              <Loading />
            ) : (
              <EmptyState title={t('noRunsTitle')}>{t('noRunsText')}</EmptyState>
            )}
          </section>
          <section className="panel" aria-labelledby="posts-heading">
            <h2 id="posts-heading">{t('postsHeading')}</h2>
            {posts.error ? (
              <Alert tone="error">{posts.error.message}</Alert>
            ) : posts.data && posts.data.data.length > 0 ? (
              <PostsTable posts={posts.data.data} />
            ) : posts.loading ? (
              <Loading />
            ) : (
              <EmptyState title={t('noPostsTitle')}>{t('noPostsText')}</EmptyState>
            )}
          </section>
        </>
      )}
      <ConfirmLiveRunDialog
        watch={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={(target) => void run(target)}
      />
    </>
  );
}

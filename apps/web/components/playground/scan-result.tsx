'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { mediaUrl } from '../../lib/playground';
import {
  COMPACT_NUMBER,
  OUTLIER_BADGE,
  sortReels,
  type IndexedReel,
  type ReelSort,
} from '../../lib/playground-results';
import type { Mode, ScanResult } from '../../lib/playground-types';

/** A cover through our media route, in a box of fixed aspect ratio (no layout shift). */
function Cover({ src, alt }: { src: string | null; alt: string }) {
  const t = useTranslations('playground.scan');
  const [failed, setFailed] = useState(false);
  return (
    <div className="pg-cover">
      {src && !failed ? (
        <img
          src={src}
          alt={alt}
          width={270}
          height={480}
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className="pg-cover-empty">{t('noCover')}</span>
      )}
    </div>
  );
}

function ReelCard({
  item,
  rank,
  jobId,
  mode,
  now,
}: {
  item: IndexedReel;
  rank: number;
  jobId: string;
  mode: Mode;
  now: number;
}) {
  const t = useTranslations('playground');
  const format = useFormatter();
  const { reel, index } = item;
  const creator = reel.authorHandle
    ? `@${reel.authorHandle}`
    : (reel.authorName ?? t('scan.unknownCreator'));
  const postedAt = reel.postedAt ? Date.parse(reel.postedAt) : Number.NaN;
  const age = Number.isNaN(postedAt) ? null : format.relativeTime(Math.min(postedAt, now), now);
  const count = (value: number) => format.number(value, COMPACT_NUMBER);
  const headingId = useId();
  const score = reel.relevance?.score;
  return (
    <li className="pg-reel" data-testid="pg-reel" data-index={index} aria-labelledby={headingId}>
      <article>
        <Cover
          src={reel.coverUrl ? mediaUrl(jobId, mode, 'cover', index) : null}
          alt={t('scan.coverAlt', { creator })}
        />
        <div className="pg-reel-body">
          <h3 id={headingId} className="pg-reel-creator">
            <span className="pg-rank">{t('scan.rank', { rank })}</span>
            <span className="pg-creator-name">{reel.authorName ?? creator}</span>
          </h3>
          <p className="small muted pg-creator-meta">
            {reel.authorHandle ? `@${reel.authorHandle}` : null}
            {typeof reel.authorFollowers === 'number'
              ? ` · ${t('scan.followers', { n: reel.authorFollowers, count: count(reel.authorFollowers) })}`
              : null}
          </p>
          {reel.caption ? <p className="pg-caption small">{reel.caption}</p> : null}
          <dl className="pg-stats">
            <div>
              <dt>{t('scan.views')}</dt>
              <dd>{count(reel.playCount)}</dd>
            </div>
            <div>
              <dt>{t('scan.likes')}</dt>
              <dd>{count(reel.likeCount)}</dd>
            </div>
            <div>
              <dt>{t('scan.age')}</dt>
              <dd>
                {age && reel.postedAt ? (
                  <time dateTime={reel.postedAt}>{age}</time>
                ) : (
                  t('units.notAvailable')
                )}
              </dd>
            </div>
            <div>
              <dt>{t('scan.duration')}</dt>
              <dd>
                {reel.durationSec !== null
                  ? t('units.seconds', { value: Math.round(reel.durationSec) })
                  : t('units.notAvailable')}
              </dd>
            </div>
          </dl>
          <Outlier reel={reel} />
          {reel.relevance ? (
            <div className="pg-relevance">
              <p className="small">
                <strong>{t('scan.relevance', { score: reel.relevance.score })}</strong>
              </p>
              <div className="pg-bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, Math.max(0, (score ?? 0) * 10))}%` }} />
              </div>
              <p className="small muted">{reel.relevance.reason}</p>
            </div>
          ) : (
            <p className="small muted">{t('scan.noRelevance')}</p>
          )}
          <a
            className="button secondary small pg-open"
            href={reel.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('scan.openLabel', { creator })}
          >
            {t('scan.open')} ↗
          </a>
        </div>
      </article>
    </li>
  );
}

const SORT_LABEL = {
  traction: 'scan.sortTraction',
  outlier: 'scan.sortOutlier',
  relevance: 'scan.sortRelevance',
} as const;

/** The reel's outlier band and how many times its views exceed the author's followers. */
function Outlier({ reel }: { reel: IndexedReel['reel'] }) {
  const t = useTranslations('playground.scan');
  const format = useFormatter();
  const outlier = reel.outlier;
  if (!outlier) {
    return (
      <p className="small muted" data-testid="pg-outlier" data-band="">
        {t('noOutlier')}
      </p>
    );
  }
  const two = { maximumFractionDigits: 2 };
  return (
    <p className="small pg-outlier" data-testid="pg-outlier" data-band={outlier.band}>
      <span className={`badge ${OUTLIER_BADGE[outlier.band]}`}>
        {t('outlier', { band: t(`bands.${outlier.band}`) })}
      </span>
      <span className="muted">
        {t('outlierDetail', {
          multiple: format.number(outlier.multiple, two),
          score: format.number(outlier.score, two),
        })}
      </span>
    </p>
  );
}

/** The scan's reels as cards, sortable by traction (the API's default), outlier score or relevance. */
export function ScanResultView({
  result,
  jobId,
  mode,
}: {
  result: ScanResult;
  jobId: string;
  mode: Mode;
}) {
  const t = useTranslations('playground');
  const [sort, setSort] = useState<ReelSort>('traction');
  const sorted = useMemo(() => sortReels(result.reels, sort), [result.reels, sort]);
  const [now] = useState(() => Date.now());
  const name = useId();
  if (result.reels.length === 0) return <p className="muted">{t('scan.empty')}</p>;
  const summary = t('scan.summary', {
    count: result.reels.length,
    niche: result.niche,
    market: result.market,
  });
  return (
    <>
      <div className="pg-result-head">
        <div>
          <p data-testid="pg-scan-summary">{summary}</p>
          <p className="small muted">
            {t('labelled', { label: t('scan.queries'), value: result.queries.join(' · ') })}
          </p>
        </div>
        <fieldset className="radio-group amounts pg-sort">
          <legend>{t('scan.sortLegend')}</legend>
          {(['traction', 'outlier', 'relevance'] as const).map((key) => (
            <label key={key} className="chip">
              <input
                type="radio"
                name={name}
                value={key}
                checked={sort === key}
                disabled={key === 'relevance' && result.degraded}
                onChange={() => setSort(key)}
              />
              <span>{t(SORT_LABEL[key])}</span>
            </label>
          ))}
        </fieldset>
      </div>
      {result.degraded ? <p className="small muted">{t('scan.degraded')}</p> : null}
      <ol className="pg-reels" data-testid="pg-reels" data-sort={sort}>
        {sorted.map((item, i) => (
          <ReelCard
            key={item.reel.id}
            item={item}
            rank={i + 1}
            jobId={jobId}
            mode={mode}
            now={now}
          />
        ))}
      </ol>
    </>
  );
}

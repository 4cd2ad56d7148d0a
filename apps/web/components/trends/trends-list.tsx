'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { sparklinePoints } from '../../lib/playground-results';
import type { TrendItem, TrendsResult, TrendStage } from '../../lib/playground-types';
import { Badge } from '../ui/badge';

const SPARK_W = 140;
const SPARK_H = 32;

const STAGE_TONE: Record<TrendStage, 'ok' | 'bad' | 'neutral' | 'test'> = {
  new: 'test',
  rising: 'ok',
  steady: 'neutral',
  fading: 'bad',
};

/** The item's daily history as a small line (a day without an observation drawn as 0). */
function HistoryChart({ item, label }: { item: TrendItem; label: string }) {
  const values = item.history.map((point) => point.value ?? 0);
  return (
    <svg
      className={`pg-spark pg-spark-${item.stage}`}
      viewBox={`0 0 ${SPARK_W} ${SPARK_H}`}
      width={SPARK_W}
      height={SPARK_H}
      role="img"
      aria-label={label}
      data-testid="trend-chart"
    >
      <polyline points={sparklinePoints(values, SPARK_W, SPARK_H)} fill="none" />
    </svg>
  );
}

/**
 * A trends answer as a table: each item with its stage badge, its history as a small chart and
 * the figures the stage was judged from (shared by the Trends page and the playground).
 */
export function TrendsList({ result }: { result: TrendsResult }) {
  const t = useTranslations('trends');
  const format = useFormatter();
  if (result.items.length === 0) {
    return (
      <p className="muted small" data-testid="trends-empty">
        {t('empty')}
      </p>
    );
  }
  const number = (value: number) => format.number(value, { maximumFractionDigits: 2 });
  return (
    <>
      <p className="small muted" data-testid="trends-summary">
        {t('summary', { count: result.items.length, asOf: result.asOf, days: 2 * result.window })}
      </p>
      {result.notes.map((note) => (
        <p key={note} className="small muted">
          {note}
        </p>
      ))}
      <div className="table-wrap">
        <table className="data-table" data-testid="trends-table">
          <thead>
            <tr>
              <th>{t('columns.item')}</th>
              <th>{t('columns.stage')}</th>
              <th>{t('columns.history', { days: 2 * result.window })}</th>
              <th className="num">{t('columns.current')}</th>
              <th className="num">{t('columns.previous')}</th>
              <th className="num">{t('columns.growth')}</th>
              <th className="num">{t('columns.rank')}</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((item) => {
              const label = item.title ?? item.name ?? item.id;
              const stage = t(`stages.${item.stage}`);
              return (
                <tr key={item.id} data-testid="trend-row" data-stage={item.stage}>
                  <td>
                    {item.url ? (
                      <a href={item.url} target="_blank" rel="noreferrer noopener">
                        {result.kind === 'hashtags' ? `#${label}` : label}
                      </a>
                    ) : (
                      label
                    )}
                    {item.author ? <span className="muted small"> · {item.author}</span> : null}
                  </td>
                  <td>
                    <Badge tone={STAGE_TONE[item.stage]}>{stage}</Badge>
                  </td>
                  <td>
                    <HistoryChart
                      item={item}
                      label={t('chartLabel', { item: label, stage, days: item.history.length })}
                    />
                  </td>
                  <td className="num">{number(item.current)}</td>
                  <td className="num">{number(item.previous)}</td>
                  <td className="num">
                    {item.growth === null
                      ? '—'
                      : `×${format.number(item.growth, { minimumFractionDigits: 2 })}`}
                  </td>
                  <td className="num">{item.rank ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="small muted">{t('rule')}</p>
    </>
  );
}

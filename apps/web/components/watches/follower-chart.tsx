'use client';

import type { CreatorSnapshotView } from '@reelscout/domain/views';
import { useLocale, useTranslations } from 'next-intl';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatLocale } from '../../i18n/locales';

/** A creator's followers over the watch's snapshots, oldest first. */
export function FollowerChart({ snapshots }: { snapshots: CreatorSnapshotView[] }) {
  const t = useTranslations('watches.creator');
  const locale = formatLocale(useLocale());
  const number = new Intl.NumberFormat(locale, { notation: 'compact' });
  // A narrow range (a few snapshots of a big account) would repeat one compact tick: exact then.
  const whole = new Intl.NumberFormat(locale);
  const when = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  const rows = snapshots
    .filter((s) => s.followers !== null)
    .map((s) => ({ at: s.at, followers: s.followers as number }));
  const first = rows[0];
  const last = rows[rows.length - 1];
  const values = rows.map((row) => row.followers);
  const narrow =
    values.length > 0 && Math.max(...values) - Math.min(...values) < Math.max(...values) / 20;
  const tick = narrow ? whole : number;
  const summary = t('chartSummary', {
    count: rows.length,
    from: first ? number.format(first.followers) : '—',
    to: last ? number.format(last.followers) : '—',
  });
  return (
    <figure className="chart" data-testid="follower-chart">
      <div className="chart-box" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#2a2f3a" vertical={false} />
            <XAxis
              dataKey="at"
              tickFormatter={(at: string) => when.format(new Date(at))}
              stroke="#9aa3b2"
              tick={{ fontSize: 12 }}
              minTickGap={24}
            />
            <YAxis
              tickFormatter={(value: number) => tick.format(Math.round(value))}
              stroke="#9aa3b2"
              tick={{ fontSize: 12 }}
              width={64}
              domain={['auto', 'auto']}
            />
            <Tooltip
              contentStyle={{ background: '#171a21', border: '1px solid #2a2f3a', borderRadius: 8 }}
              labelFormatter={(label) => when.format(new Date(String(label)))}
              formatter={(value) => [
                typeof value === 'number' ? number.format(value) : String(value),
                t('followers'),
              ]}
            />
            <Line
              type="monotone"
              dataKey="followers"
              stroke="#4fb3ff"
              strokeWidth={2}
              dot={rows.length < 40}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="muted small">
        {summary} {t('utcNote')}
      </figcaption>
    </figure>
  );
}

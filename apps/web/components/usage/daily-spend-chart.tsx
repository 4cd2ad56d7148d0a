'use client';

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DailySpendView } from '@reelscout/domain/views';
import { useLocale, useTranslations } from 'next-intl';
import { formatLocale } from '../../i18n/locales';
import { useMoney } from '../../lib/use-money';
import { toChartRows } from '../../lib/chart-rows';

export const OPERATION_COLORS: Record<string, string> = {
  assist: '#4fb3ff',
  scan: '#ff4f6d',
  playbook: '#3ecf8e',
  music: '#f5a524',
};
const FALLBACK_COLOR = '#b18cff';

/** `21 Nov` (`11月21日`): a UTC day as the page's language writes it. */
function dayFormatter(locale: string): (day: string) => string {
  const format = new Intl.DateTimeFormat(formatLocale(locale), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : format.format(date);
  };
}

/** Daily spend in USD, a stacked bar per operation; values are integer micro-USD throughout. */
export function DailySpendChart({
  days,
  range,
}: {
  days: DailySpendView[];
  range: { from?: string; to?: string };
}) {
  const t = useTranslations('usage.daily');
  const formatDay = dayFormatter(useLocale());
  const { usd, usdShort } = useMoney();
  const { rows, operations } = toChartRows(days, range);
  const total = days.reduce((sum, d) => sum + d.chargedMicros, 0);
  const calls = days.reduce((sum, d) => sum + d.calls, 0);
  const summary = t('summary', {
    from: rows[0]?.day ?? '',
    to: rows[rows.length - 1]?.day ?? '',
    total: usd(total),
    calls,
  });

  return (
    <figure className="chart" data-testid="daily-chart">
      <div className="chart-box" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#2a2f3a" vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={formatDay}
              stroke="#9aa3b2"
              tick={{ fontSize: 12 }}
              minTickGap={16}
            />
            <YAxis
              tickFormatter={(value: number) => usdShort(value)}
              allowDecimals={false}
              stroke="#9aa3b2"
              tick={{ fontSize: 12 }}
              width={72}
            />
            <Tooltip
              cursor={{ fill: '#ffffff10' }}
              contentStyle={{ background: '#171a21', border: '1px solid #2a2f3a', borderRadius: 8 }}
              labelFormatter={(label) => formatDay(String(label))}
              formatter={(value, name) => [
                typeof value === 'number' ? usd(value) : String(value),
                String(name),
              ]}
            />
            <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
            {operations.map((op) => (
              <Bar
                key={op}
                dataKey={op}
                name={op}
                stackId="spend"
                fill={OPERATION_COLORS[op] ?? FALLBACK_COLOR}
                maxBarSize={56}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="muted small">
        {summary} {t('utcNote')}
      </figcaption>
    </figure>
  );
}

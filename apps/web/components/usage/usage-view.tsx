'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { DailySpendListView, UsageView } from '@reelscout/domain/views';
import { queryString } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { usePagedList } from '../../lib/use-paged-list';
import {
  filtersFromSearch,
  filtersToApiQuery,
  filtersToPageQuery,
  type UsageFilters,
} from '../../lib/usage-filters';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { LoadMore } from '../ui/load-more';
import { Loading } from '../ui/loading';
import { DailySpendChart } from './daily-spend-chart';
import { UsageFiltersForm } from './usage-filters-form';
import { UsageTable } from './usage-table';

function DailySpendPanel({ query, filters }: { query: string; filters: UsageFilters }) {
  const daily = useApi<DailySpendListView>(`/account/usage/daily${query}`);
  return (
    <section className="panel" aria-labelledby="daily-heading">
      <h2 id="daily-heading">Daily spend by operation</h2>
      {daily.error ? (
        <Alert tone="error">{daily.error.message}</Alert>
      ) : !daily.data ? (
        <Loading label="Loading daily spend…" />
      ) : daily.data.days.length === 0 ? (
        <EmptyState title="No spend in this period" />
      ) : (
        <DailySpendChart
          days={daily.data.days}
          range={{ from: filters.from || undefined, to: filters.to || undefined }}
        />
      )}
    </section>
  );
}

function CallsPanel({ query, csvHref }: { query: string; csvHref: string }) {
  const sep = query ? '&' : '?';
  const list = usePagedList<UsageView>(`/account/usage${query}${sep}limit=50`);
  return (
    <section className="panel" aria-labelledby="calls-heading">
      <div className="panel-head">
        <h2 id="calls-heading">Calls</h2>
        <a className="button secondary small" href={csvHref} download>
          Export CSV
        </a>
      </div>
      {list.error ? (
        <Alert tone="error">{list.error.message}</Alert>
      ) : list.loading && list.items.length === 0 ? (
        <Loading label="Loading calls…" />
      ) : list.items.length === 0 ? (
        <EmptyState title="No calls match">
          Calls made with your keys appear here within a second, charged or not.
        </EmptyState>
      ) : (
        <>
          <UsageTable items={list.items} caption="Calls, newest first" />
          <LoadMore list={list} label="Load older calls" />
        </>
      )}
    </section>
  );
}

export function UsageView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = filtersFromSearch(params);
  const query = queryString(filtersToApiQuery(filters));
  const pageQuery = queryString(filtersToPageQuery(filters));

  return (
    <>
      <div className="page-head">
        <h1>Usage</h1>
        <p className="muted">Every call made with your keys, with what it was charged.</p>
      </div>
      <section className="panel" aria-label="Filters">
        <UsageFiltersForm
          key={pageQuery}
          initial={filters}
          onApply={(next) => router.replace(`${pathname}${queryString(filtersToPageQuery(next))}`)}
        />
      </section>
      <DailySpendPanel query={query} filters={filters} />
      <CallsPanel query={query} csvHref={`/account/usage/export.csv${query}`} />
    </>
  );
}

'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type {
  ApiKeyListView,
  ApiKeyView,
  DailySpendListView,
  UsageGroupBy,
  UsagePageView,
  UsageView,
} from '@reelscout/domain/views';
import { useMemo } from 'react';
import { queryString } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { usePagedList } from '../../lib/use-paged-list';
import {
  filtersFromSearch,
  filtersToApiQuery,
  filtersToPageQuery,
  type UsageFilters,
} from '../../lib/usage-filters';
import { useAccount } from '../shell/account-context';
import { Alert } from '../ui/alert';
import { Money } from '../ui/money';
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

const GROUP_TEXT: Record<UsageGroupBy, string> = { key: 'key', subject: 'subject' };

/** Calls and charge per key or per subject, over every call that matches (not just a page). */
function GroupsPanel({
  query,
  groupBy,
  keys,
}: {
  query: string;
  groupBy: UsageGroupBy;
  keys: Map<string, ApiKeyView>;
}) {
  const sep = query ? '&' : '?';
  const groupQuery = `${query}${sep}group_by=${groupBy}`;
  const page = useApi<UsagePageView>(`/account/usage${groupQuery}&limit=1`);
  const groups = page.data?.groups ?? null;
  const label = (group: string | null, name: string | null, start: string | null) => {
    if (groupBy === 'subject') return group ?? 'no subject';
    if (!group) return 'no key';
    const key = keys.get(group);
    return `${name ?? key?.name ?? group} (${start ?? key?.start ?? '…'})`;
  };
  return (
    <section className="panel" aria-labelledby="groups-heading">
      <div className="panel-head">
        <h2 id="groups-heading">By {GROUP_TEXT[groupBy]}</h2>
        <a
          className="button secondary small"
          href={`/account/usage/export.csv${groupQuery}`}
          download
        >
          Export groups CSV
        </a>
      </div>
      {page.error ? (
        <Alert tone="error">{page.error.message}</Alert>
      ) : !groups ? (
        <Loading label="Loading totals…" />
      ) : groups.length === 0 ? (
        <EmptyState title="No calls match" />
      ) : (
        <div className="table-wrap">
          <table
            className="data-table stack-on-phone usage-groups"
            data-testid="usage-groups"
            data-group-by={groupBy}
          >
            <caption className="sr-only">
              Calls and charge by {GROUP_TEXT[groupBy]}, most charged first
            </caption>
            <thead>
              <tr>
                <th scope="col">{groupBy === 'key' ? 'Key' : 'Subject'}</th>
                <th scope="col" className="num">
                  Calls
                </th>
                <th scope="col" className="num">
                  Charge (USD)
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.group ?? '(none)'} data-group={group.group ?? ''}>
                  <th
                    scope="row"
                    data-label={groupBy === 'key' ? 'Key' : 'Subject'}
                    className={group.group ? 'truncate' : 'truncate muted'}
                  >
                    {label(group.group, group.keyName, group.keyStart)}
                  </th>
                  <td data-label="Calls" className="num">
                    {group.calls}
                  </td>
                  <td data-label="Charge" className="num">
                    <Money micros={group.chargedMicros} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function CallsPanel({
  query,
  csvHref,
  keys,
}: {
  query: string;
  csvHref: string;
  keys?: Map<string, ApiKeyView>;
}) {
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
          <UsageTable items={list.items} caption="Calls, newest first" keys={keys} />
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
  const { account } = useAccount();
  // The key routes exist only for accounts with API access (the others get 403).
  const keyList = useApi<ApiKeyListView>(account.apiAccess ? '/account/keys' : null);
  const keys = useMemo(
    () => (keyList.data ? new Map(keyList.data.keys.map((key) => [key.id, key])) : undefined),
    [keyList.data],
  );

  return (
    <>
      <div className="page-head">
        <h1>Usage</h1>
        <p className="muted">
          Every call made with your keys, with what it was charged. Filter by key or end customer (
          <code>x-subject</code>), and group by either to see who spent what.
        </p>
      </div>
      <section className="panel" aria-label="Filters">
        <UsageFiltersForm
          key={pageQuery}
          initial={filters}
          keys={account.apiAccess ? (keyList.data?.keys ?? []) : null}
          onApply={(next) => router.replace(`${pathname}${queryString(filtersToPageQuery(next))}`)}
        />
      </section>
      <DailySpendPanel query={query} filters={filters} />
      {filters.groupBy ? (
        <GroupsPanel query={query} groupBy={filters.groupBy} keys={keys ?? new Map()} />
      ) : null}
      <CallsPanel
        query={query}
        csvHref={`/account/usage/export.csv${query}`}
        keys={account.apiAccess ? (keys ?? new Map()) : undefined}
      />
    </>
  );
}

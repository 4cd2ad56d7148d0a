'use client';

import { useFormatter, useTranslations } from 'next-intl';
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
import { CustomersPanel } from './customers-panel';
import { DailySpendChart } from './daily-spend-chart';
import { UsageFiltersForm } from './usage-filters-form';
import { UsageTable } from './usage-table';

function DailySpendPanel({ query, filters }: { query: string; filters: UsageFilters }) {
  const t = useTranslations('usage');
  const daily = useApi<DailySpendListView>(`/account/usage/daily${query}`);
  return (
    <section className="panel" aria-labelledby="daily-heading">
      <h2 id="daily-heading">{t('daily.title')}</h2>
      {daily.error ? (
        <Alert tone="error">{daily.error.message}</Alert>
      ) : !daily.data ? (
        <Loading label={t('daily.loading')} />
      ) : daily.data.days.length === 0 ? (
        <EmptyState title={t('daily.empty')} />
      ) : (
        <DailySpendChart
          days={daily.data.days}
          range={{ from: filters.from || undefined, to: filters.to || undefined }}
        />
      )}
    </section>
  );
}

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
  const t = useTranslations('usage');
  const format = useFormatter();
  const sep = query ? '&' : '?';
  const groupQuery = `${query}${sep}group_by=${groupBy}`;
  const page = useApi<UsagePageView>(`/account/usage${groupQuery}&limit=1`);
  const groups = page.data?.groups ?? null;
  const label = (group: string | null, name: string | null, start: string | null) => {
    if (groupBy === 'subject') return group ?? t('groups.noSubject');
    if (!group) return t('groups.noKey');
    const key = keys.get(group);
    return `${name ?? key?.name ?? group} (${start ?? key?.start ?? '…'})`;
  };
  return (
    <section className="panel" aria-labelledby="groups-heading">
      <div className="panel-head">
        <h2 id="groups-heading">{t('groups.title', { groupBy })}</h2>
        <a
          className="button secondary small"
          href={`/account/usage/export.csv${groupQuery}`}
          download
        >
          {t('groups.export')}
        </a>
      </div>
      {page.error ? (
        <Alert tone="error">{page.error.message}</Alert>
      ) : !groups ? (
        <Loading label={t('groups.loading')} />
      ) : groups.length === 0 ? (
        <EmptyState title={t('noMatch')} />
      ) : (
        <div className="table-wrap">
          <table
            className="data-table stack-on-phone usage-groups"
            data-testid="usage-groups"
            data-group-by={groupBy}
          >
            <caption className="sr-only">{t('groups.caption', { groupBy })}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`groups.${groupBy}`)}</th>
                <th scope="col" className="num">
                  {t('groups.calls')}
                </th>
                <th scope="col" className="num">
                  {t('table.charge')}
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.group ?? '(none)'} data-group={group.group ?? ''}>
                  <th
                    scope="row"
                    data-label={t(`groups.${groupBy}`)}
                    className={group.group ? 'truncate' : 'truncate muted'}
                  >
                    {label(group.group, group.keyName, group.keyStart)}
                  </th>
                  <td data-label={t('groups.calls')} className="num">
                    {format.number(group.calls)}
                  </td>
                  <td data-label={t('table.chargeShort')} className="num">
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
  const t = useTranslations('usage');
  const sep = query ? '&' : '?';
  const list = usePagedList<UsageView>(`/account/usage${query}${sep}limit=50`);
  return (
    <section className="panel" aria-labelledby="calls-heading">
      <div className="panel-head">
        <h2 id="calls-heading">{t('calls.title')}</h2>
        <a className="button secondary small" href={csvHref} download>
          {t('calls.export')}
        </a>
      </div>
      {list.error ? (
        <Alert tone="error">{list.error.message}</Alert>
      ) : list.loading && list.items.length === 0 ? (
        <Loading label={t('calls.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={t('noMatch')}>{t('calls.emptyText')}</EmptyState>
      ) : (
        <>
          <UsageTable items={list.items} caption={t('calls.caption')} keys={keys} />
          <LoadMore list={list} label={t('calls.loadMore')} />
        </>
      )}
    </section>
  );
}

export function UsageView() {
  const t = useTranslations('usage');
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
        <h1>{t('title')}</h1>
        <p className="muted">{t.rich('intro', { header: () => <code>x-subject</code> })}</p>
      </div>
      <section className="panel" aria-label={t('filters.sectionLabel')}>
        <UsageFiltersForm
          key={pageQuery}
          initial={filters}
          keys={account.apiAccess ? (keyList.data?.keys ?? []) : null}
          onApply={(next) => router.replace(`${pathname}${queryString(filtersToPageQuery(next))}`)}
        />
      </section>
      <DailySpendPanel query={query} filters={filters} />
      <CustomersPanel query={query} />
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

'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { LedgerEntryView } from '@reelscout/domain/views';
import { queryString } from '../../lib/api';
import { DateTime } from '../ui/date-time';
import { usePagedList } from '../../lib/use-paged-list';
import {
  checkFilters,
  filtersToApiQuery,
  NO_FILTERS,
  type UsageFilters,
} from '../../lib/usage-filters';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { DayRangeFields, ModeSelect, OperationSelect } from '../ui/filter-fields';
import { LoadMore } from '../ui/load-more';
import { Loading } from '../ui/loading';
import { ModeBadge } from '../ui/mode-badge';
import { Money } from '../ui/money';

const KINDS = [
  'grant',
  'purchase',
  'charge',
  'refund',
  'adjustment',
  'payment_refund',
  'chargeback',
  'shortfall_payment',
] as const;
const isKind = (kind: string): kind is (typeof KINDS)[number] =>
  (KINDS as readonly string[]).includes(kind);

function detail(entry: LedgerEntryView): string {
  if (entry.operation) return `${entry.operation}${entry.requestId ? ` · ${entry.requestId}` : ''}`;
  return entry.reason ?? '';
}

/** The ledger's filters: the usage page's, without subject and key (ledger entries have none). */
type LedgerFilters = Omit<UsageFilters, 'subject' | 'keyId' | 'groupBy'>;
const LEDGER_NO_FILTERS: LedgerFilters = { mode: '', operation: '', from: '', to: '' };

/**
 * Every movement of credit, newest first, with the balance after it; filtered by mode,
 * operation (its charges) and UTC days, both inclusive, as the usage page is.
 */
export function LedgerPanel({ version }: { version: number }) {
  const t = useTranslations('credit.ledger');
  const filterTexts = useTranslations('usage.filters');
  const [filters, setFilters] = useState<LedgerFilters>(LEDGER_NO_FILTERS);
  const problem = checkFilters({ ...NO_FILTERS, ...filters });
  // While the dates do not make a range, the last valid query stays on screen.
  const [apiQuery, setApiQuery] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!problem) setApiQuery(filtersToApiQuery({ ...filters, subject: '' }));
  }, [filters, problem]);
  const list = usePagedList<LedgerEntryView>(
    `/account/ledger${queryString({ ...apiQuery, limit: 25 })}`,
  );
  const filtered = Object.keys(apiQuery).length > 0;
  const { reload } = list;
  const set = <K extends keyof LedgerFilters>(name: K, value: LedgerFilters[K]) =>
    setFilters((previous) => ({ ...previous, [name]: value }));

  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);

  return (
    <section className="panel" aria-labelledby="ledger-heading">
      <div className="panel-head">
        <h2 id="ledger-heading">{t('title')}</h2>
      </div>
      <form
        className="filters compact"
        aria-label={t('filterLabel')}
        onSubmit={(e) => e.preventDefault()}
        noValidate
      >
        <ModeSelect value={filters.mode} onChange={(mode) => set('mode', mode)} />
        <OperationSelect
          value={filters.operation}
          onChange={(operation) => set('operation', operation)}
          allLabel={t('allEntries')}
          optionLabel={(operation) => t('operationCharges', { operation })}
        />
        <DayRangeFields
          from={filters.from}
          to={filters.to}
          onFrom={(day) => set('from', day)}
          onTo={(day) => set('to', day)}
        />
        {problem ? (
          <div className="filters-error">
            <Alert tone="error">{filterTexts(`problems.${problem}`)}</Alert>
          </div>
        ) : null}
      </form>
      {list.error ? (
        <Alert tone="error">{list.error.message}</Alert>
      ) : list.loading && list.items.length === 0 ? (
        <Loading label={t('loading')} />
      ) : list.items.length === 0 ? (
        filtered ? (
          <EmptyState title={t('noMatchTitle')}>{t('noMatchText')}</EmptyState>
        ) : (
          <EmptyState title={t('emptyTitle')}>{t('emptyText')}</EmptyState>
        )
      ) : (
        <>
          <div className="table-wrap">
            <table className="data-table stack-on-phone" data-testid="ledger-table">
              <caption className="sr-only">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('time')}</th>
                  <th scope="col">{t('mode')}</th>
                  <th scope="col">{t('entry')}</th>
                  <th scope="col" className="num">
                    {t('amount')}
                  </th>
                  <th scope="col" className="num">
                    {t('balanceAfter')}
                  </th>
                  <th scope="col">{t('detail')}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label={t('time')}>
                      <DateTime iso={entry.createdAt} withSeconds />
                    </td>
                    <td data-label={t('mode')}>
                      <ModeBadge mode={entry.mode} />
                    </td>
                    <td data-label={t('entry')}>
                      {isKind(entry.kind) ? t(`kinds.${entry.kind}`) : entry.kind}
                    </td>
                    <td
                      data-label={t('amountShort')}
                      className={entry.amountMicros < 0 ? 'num negative' : 'num positive'}
                    >
                      <Money micros={entry.amountMicros} />
                    </td>
                    <td data-label={t('balanceAfter')} className="num">
                      <Money micros={entry.balanceAfterMicros} />
                    </td>
                    <td data-label={t('detail')} className="truncate" title={detail(entry)}>
                      {detail(entry)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore list={list} label={t('loadMore')} />
        </>
      )}
    </section>
  );
}

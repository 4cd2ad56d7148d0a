'use client';

import { MODES, type Mode } from '@reelscout/domain/modes';
import { useEffect, useId, useState } from 'react';
import { queryString } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import type { LedgerEntry } from '../../lib/types';
import { usePagedList } from '../../lib/use-paged-list';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { LoadMore } from '../ui/load-more';
import { Loading } from '../ui/loading';
import { ModeBadge } from '../ui/mode-badge';
import { Money } from '../ui/money';

const KIND_LABELS: Record<string, string> = {
  grant: 'Credit added',
  purchase: 'Purchase',
  charge: 'Charge',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

function detail(entry: LedgerEntry): string {
  if (entry.operation) return `${entry.operation}${entry.requestId ? ` · ${entry.requestId}` : ''}`;
  return entry.reason ?? '';
}

/** Every movement of credit, newest first, with the balance after it. */
export function LedgerPanel({ version }: { version: number }) {
  const [mode, setMode] = useState<Mode | ''>('');
  const list = usePagedList<LedgerEntry>(`/account/ledger${queryString({ mode, limit: 25 })}`);
  const selectId = useId();
  const { reload } = list;

  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);

  return (
    <section className="panel" aria-labelledby="ledger-heading">
      <div className="panel-head">
        <h2 id="ledger-heading">Ledger</h2>
        <div className="field inline">
          <label htmlFor={selectId}>Mode</label>
          <select id={selectId} value={mode} onChange={(e) => setMode(e.target.value as Mode | '')}>
            <option value="">All</option>
            {MODES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.error ? (
        <Alert tone="error">{list.error.message}</Alert>
      ) : list.loading && list.items.length === 0 ? (
        <Loading label="Loading the ledger…" />
      ) : list.items.length === 0 ? (
        <EmptyState title="No ledger entries yet">
          Credit you add and calls you make show up here.
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="data-table stack-on-phone" data-testid="ledger-table">
              <caption className="sr-only">Ledger entries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Mode</th>
                  <th scope="col">Entry</th>
                  <th scope="col" className="num">
                    Amount (USD)
                  </th>
                  <th scope="col" className="num">
                    Balance after
                  </th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label="Time">
                      <time dateTime={entry.createdAt}>
                        {formatDateTime(entry.createdAt, true)}
                      </time>
                    </td>
                    <td data-label="Mode">
                      <ModeBadge mode={entry.mode} />
                    </td>
                    <td data-label="Entry">{KIND_LABELS[entry.kind] ?? entry.kind}</td>
                    <td
                      data-label="Amount"
                      className={entry.amountMicros < 0 ? 'num negative' : 'num positive'}
                    >
                      <Money micros={entry.amountMicros} />
                    </td>
                    <td data-label="Balance after" className="num">
                      <Money micros={entry.balanceAfterMicros} />
                    </td>
                    <td data-label="Detail" className="truncate" title={detail(entry)}>
                      {detail(entry)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore list={list} label="Load older entries" />
        </>
      )}
    </section>
  );
}

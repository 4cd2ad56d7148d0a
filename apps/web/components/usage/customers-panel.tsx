'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useApi } from '../../lib/use-api';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { Loading } from '../ui/loading';
import { Money } from '../ui/money';

/** One bucket of `GET /account/usage/buckets` (the same numbers as `GET /v1/usage`). */
interface CustomerBucket {
  start: string;
  subject?: string | null;
  calls: number;
  charged_calls: number;
  charged_usd: string;
  refused_calls: number;
}

interface BucketPage {
  data: CustomerBucket[];
  has_more: boolean;
}

/**
 * Usage by end customer (`x-subject`) and UTC day, read from the same rollups and query as
 * `GET /v1/usage?group_by=subject`, with the same CSV as that route's `Accept: text/csv`.
 */
export function CustomersPanel({ query }: { query: string }) {
  const t = useTranslations('usage.customers');
  const format = useFormatter();
  const sep = query ? '&' : '?';
  const bucketQuery = `${query}${sep}group_by=subject`;
  const page = useApi<BucketPage>(`/account/usage/buckets${bucketQuery}&limit=1000`);
  return (
    <section className="panel" aria-labelledby="customers-heading">
      <div className="panel-head">
        <h2 id="customers-heading">{t('title')}</h2>
        <a
          className="button secondary small"
          href={`/account/usage/buckets.csv${bucketQuery}`}
          download
        >
          {t('export')}
        </a>
      </div>
      {page.error ? (
        <Alert tone="error">{page.error.message}</Alert>
      ) : !page.data ? (
        <Loading label={t('loading')} />
      ) : page.data.data.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <div className="table-wrap">
          <table className="data-table stack-on-phone" data-testid="usage-customers">
            <caption className="sr-only">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('day')}</th>
                <th scope="col">{t('subject')}</th>
                <th scope="col" className="num">
                  {t('calls')}
                </th>
                <th scope="col" className="num">
                  {t('charged')}
                </th>
                <th scope="col" className="num">
                  {t('charge')}
                </th>
                <th scope="col" className="num">
                  {t('refused')}
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.data.map((b) => (
                <tr
                  key={`${b.start}|${b.subject ?? ''}`}
                  data-day={b.start.slice(0, 10)}
                  data-subject={b.subject ?? ''}
                >
                  <td data-label={t('day')}>{b.start.slice(0, 10)}</td>
                  <th
                    scope="row"
                    data-label={t('subject')}
                    className={b.subject ? 'truncate' : 'truncate muted'}
                  >
                    {b.subject ?? t('noSubject')}
                  </th>
                  <td data-label={t('calls')} className="num">
                    {format.number(b.calls)}
                  </td>
                  <td data-label={t('charged')} className="num">
                    {format.number(b.charged_calls)}
                  </td>
                  <td data-label={t('charge')} className="num">
                    <Money amountUsd={b.charged_usd} />
                  </td>
                  <td data-label={t('refused')} className="num">
                    {format.number(b.refused_calls)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.data.has_more ? <p className="muted">{t('more')}</p> : null}
        </div>
      )}
    </section>
  );
}

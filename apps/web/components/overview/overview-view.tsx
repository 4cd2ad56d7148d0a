'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { CreditOverviewView, UsagePageView } from '@reelscout/domain/views';
import { useApi } from '../../lib/use-api';
import { useAccount } from '../shell/account-context';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { Loading } from '../ui/loading';
import { UsageTable } from '../usage/usage-table';
import { BalanceCards } from './balance-cards';
import { InvitePanel } from './invite-panel';
import { NoAccessPanel } from './no-access-panel';
import { PricesPanel } from './prices-panel';

function RecentCalls({ apiAccess }: { apiAccess: boolean }) {
  const t = useTranslations('overview');
  const usage = useApi<UsagePageView>('/account/usage?limit=5');
  return (
    <section className="panel" aria-labelledby="recent-heading">
      <div className="panel-head">
        <h2 id="recent-heading">{t('recent.title')}</h2>
        <Link href="/usage">{t('recent.allUsage')}</Link>
      </div>
      {usage.error ? (
        <Alert tone="error">{usage.error.message}</Alert>
      ) : !usage.data ? (
        <Loading label={t('recent.loading')} />
      ) : usage.data.items.length === 0 ? (
        <EmptyState title={t('recent.emptyTitle')}>
          {apiAccess
            ? t.rich('recent.emptyWithAccess', {
                settings: (chunks) => <Link href="/api-settings">{chunks}</Link>,
                call: () => <code>POST /v1/assist</code>,
              })
            : t('recent.emptyWithoutAccess')}
        </EmptyState>
      ) : (
        <UsageTable items={usage.data.items} caption={t('recent.caption')} />
      )}
    </section>
  );
}

export function OverviewView() {
  const t = useTranslations('overview');
  const { account } = useAccount();
  const credit = useApi<CreditOverviewView>('/account/credit');
  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
      </div>
      {credit.error ? (
        <Alert tone="error">{credit.error.message}</Alert>
      ) : !credit.data ? (
        <Loading label={t('loadingBalances')} />
      ) : (
        <BalanceCards credit={credit.data} />
      )}
      <p className="actions">
        <Link className="button secondary" href="/credit">
          {t('addCredit')}
        </Link>
        {account.apiAccess ? (
          <Link className="button secondary" href="/api-settings">
            {t('manageKeys')}
          </Link>
        ) : null}
      </p>
      {account.apiAccess ? null : <NoAccessPanel />}
      <RecentCalls apiAccess={account.apiAccess} />
      <PricesPanel />
      {account.isAdmin ? <InvitePanel /> : null}
    </>
  );
}

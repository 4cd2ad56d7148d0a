'use client';

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
  const usage = useApi<UsagePageView>('/account/usage?limit=5');
  return (
    <section className="panel" aria-labelledby="recent-heading">
      <div className="panel-head">
        <h2 id="recent-heading">Last calls</h2>
        <Link href="/usage">All usage</Link>
      </div>
      {usage.error ? (
        <Alert tone="error">{usage.error.message}</Alert>
      ) : !usage.data ? (
        <Loading label="Loading the last calls…" />
      ) : usage.data.items.length === 0 ? (
        <EmptyState title="No calls yet">
          {apiAccess ? (
            <>
              Create a test key in <Link href="/api-settings">API settings</Link>, add free test
              credit, and call <code>POST /v1/assist</code>.
            </>
          ) : (
            'Calls made with your keys will appear here.'
          )}
        </EmptyState>
      ) : (
        <UsageTable items={usage.data.items} caption="The five most recent calls" />
      )}
    </section>
  );
}

export function OverviewView() {
  const { account } = useAccount();
  const credit = useApi<CreditOverviewView>('/account/credit');
  return (
    <>
      <div className="page-head">
        <h1>Overview</h1>
        <p className="muted">Balances, this month&apos;s spend and your latest calls.</p>
      </div>
      {credit.error ? (
        <Alert tone="error">{credit.error.message}</Alert>
      ) : !credit.data ? (
        <Loading label="Loading balances…" />
      ) : (
        <BalanceCards credit={credit.data} />
      )}
      <p className="actions">
        <Link className="button secondary" href="/credit">
          Add credit
        </Link>
        {account.apiAccess ? (
          <Link className="button secondary" href="/api-settings">
            Manage API keys
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

'use client';

import { useState } from 'react';
import type { CreditOverviewView } from '@reelscout/domain/views';
import { useApi } from '../../lib/use-api';
import { BalanceCards } from '../overview/balance-cards';
import { Alert } from '../ui/alert';
import { Loading } from '../ui/loading';
import { BuyCreditPanel } from './buy-credit-panel';
import { LedgerPanel } from './ledger-panel';
import { TestCreditPanel } from './test-credit-panel';

export function CreditView() {
  const credit = useApi<CreditOverviewView>('/account/credit');
  const [ledgerVersion, setLedgerVersion] = useState(0);

  return (
    <>
      <div className="page-head">
        <h1>Credit</h1>
        <p className="muted">
          Reelscout is prepaid. Each call holds its most expensive outcome, then charges what it
          delivered; errors are never charged.
        </p>
      </div>
      {credit.error ? (
        <Alert tone="error">{credit.error.message}</Alert>
      ) : !credit.data ? (
        <Loading label="Loading balances…" />
      ) : (
        <>
          <BalanceCards credit={credit.data} />
          <div className="two-columns">
            <BuyCreditPanel credit={credit.data} />
            <TestCreditPanel
              onAdded={() => {
                credit.reload();
                setLedgerVersion((n) => n + 1);
              }}
            />
          </div>
        </>
      )}
      <LedgerPanel version={ledgerVersion} />
    </>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { CreditOverviewView } from '@reelscout/domain/views';
import { useApi } from '../../lib/use-api';
import { BalanceCards } from '../overview/balance-cards';
import { Alert } from '../ui/alert';
import { Loading } from '../ui/loading';
import { BuyCreditPanel } from './buy-credit-panel';
import { LedgerPanel } from './ledger-panel';
import { LiveSuspensionBanner } from './live-suspension-banner';
import { TestCreditPanel } from './test-credit-panel';

export function CreditView() {
  const t = useTranslations('credit');
  const credit = useApi<CreditOverviewView>('/account/credit');
  const [ledgerVersion, setLedgerVersion] = useState(0);

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
        <>
          <LiveSuspensionBanner suspension={credit.data.liveSuspension} />
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

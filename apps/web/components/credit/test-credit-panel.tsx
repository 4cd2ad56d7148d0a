'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { TestCreditView } from '@reelscout/domain/views';
import { api, ApiError } from '../../lib/api';
import { useMoney } from '../../lib/use-money';
import { Alert } from '../ui/alert';

const TEST_TOP_UP_USD = '10.00';
const TEST_TOP_UP_MICROS = 10_000_000;

/** Free test credit in one click, for rs_test_ keys. */
export function TestCreditPanel({ onAdded }: { onAdded: () => void }) {
  const t = useTranslations('credit.test');
  const { usd, usdShort } = useMoney();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function add() {
    setBusy(true);
    setMessage(null);
    try {
      const result = await api<TestCreditView>('/account/credit/test', {
        body: { amountUsd: TEST_TOP_UP_USD },
      });
      setMessage({
        tone: 'success',
        text: t('added', {
          amount: usdShort(TEST_TOP_UP_MICROS),
          balance: usd(result.balanceMicros),
        }),
      });
      onAdded();
    } catch (error) {
      setMessage({
        tone: 'error',
        text: error instanceof ApiError ? error.message : t('failed'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="test-credit-heading">
      <h2 id="test-credit-heading">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      <button type="button" className="button" onClick={() => void add()} disabled={busy}>
        {busy ? t('adding') : t('add', { amount: usdShort(TEST_TOP_UP_MICROS) })}
      </button>
      <div aria-live="polite">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      </div>
    </section>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import type { CheckoutStatusView } from '@reelscout/domain/views';
import { api, ApiError } from '../../lib/api';
import { checkoutOutcome } from '../../lib/checkout-status';
import { Alert } from '../ui/alert';
import { Loading } from '../ui/loading';
import { Money } from '../ui/money';

const POLL_EVERY_MS = 1500;
const POLL_FOR_MS = 60_000;

type State =
  | { kind: 'waiting' }
  | { kind: 'paid'; status: CheckoutStatusView }
  | { kind: 'unpaid'; reason: 'failed' | 'expired' }
  | { kind: 'slow' }
  | { kind: 'error'; message: string };

/**
 * `/credit/return?session_id=…`: waits (bounded) for Stripe's webhook to credit the purchase,
 * and stops as soon as it reports the checkout failed or expired unpaid.
 */
export function CheckoutReturn() {
  const t = useTranslations('credit.checkout');
  const sessionId = useSearchParams().get('session_id');
  const [state, setState] = useState<State>({ kind: 'waiting' });
  const [attempt, setAttempt] = useState(0);

  const retry = useCallback(() => {
    setState({ kind: 'waiting' });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + POLL_FOR_MS;
    const poll = async () => {
      try {
        const status = await api<CheckoutStatusView>(
          `/account/credit/checkout/${encodeURIComponent(sessionId)}`,
        );
        if (stopped) return;
        const outcome = checkoutOutcome(status.status);
        if (outcome.kind === 'paid') return setState({ kind: 'paid', status });
        if (outcome.kind === 'unpaid') return setState(outcome);
        if (Date.now() >= deadline) return setState({ kind: 'slow' });
        timer = setTimeout(() => void poll(), POLL_EVERY_MS);
      } catch (error) {
        if (stopped) return;
        setState({
          kind: 'error',
          message: error instanceof ApiError ? error.message : t('checkFailed'),
        });
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, attempt, t]);

  let body;
  if (!sessionId) {
    body = <Alert tone="error">{t('noReference')}</Alert>;
  } else if (state.kind === 'waiting') {
    body = <Loading label={t('waiting')} />;
  } else if (state.kind === 'paid') {
    body = (
      <Alert tone="success" title={t('paidTitle')}>
        <p>
          {t.rich('paidText', {
            amount: () => <Money micros={state.status.amountMicros} />,
            balance: () => <Money micros={state.status.liveBalanceMicros} />,
          })}
        </p>
      </Alert>
    );
  } else if (state.kind === 'unpaid') {
    body = (
      <Alert tone="error" title={t(`${state.reason}.title`)}>
        <p>
          {t(`${state.reason}.message`)} {t('again')}
        </p>
      </Alert>
    );
  } else if (state.kind === 'slow') {
    body = (
      <Alert tone="info" title={t('slowTitle')}>
        <p>{t('slowText')}</p>
        <button type="button" className="button secondary" onClick={retry}>
          {t('checkAgain')}
        </button>
      </Alert>
    );
  } else {
    body = <Alert tone="error">{state.message}</Alert>;
  }

  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
      </div>
      <section className="panel" aria-live="polite">
        {body}
        <p>
          <Link href="/credit">{t('back')}</Link>
        </p>
      </section>
    </>
  );
}

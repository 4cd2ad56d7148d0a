'use client';

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
  | { kind: 'unpaid'; title: string; message: string }
  | { kind: 'slow' }
  | { kind: 'error'; message: string };

/**
 * `/credit/return?session_id=…`: waits (bounded) for Stripe's webhook to credit the purchase,
 * and stops as soon as it reports the checkout failed or expired unpaid.
 */
export function CheckoutReturn() {
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
          message: error instanceof ApiError ? error.message : 'Could not check the payment.',
        });
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, attempt]);

  let body;
  if (!sessionId) {
    body = <Alert tone="error">This page needs the checkout reference Stripe sends back.</Alert>;
  } else if (state.kind === 'waiting') {
    body = <Loading label="Waiting for Stripe to confirm the payment…" />;
  } else if (state.kind === 'paid') {
    body = (
      <Alert tone="success" title="Payment received">
        <p>
          <Money micros={state.status.amountMicros} /> of live credit was added. Your live balance
          is now <Money micros={state.status.liveBalanceMicros} />.
        </p>
      </Alert>
    );
  } else if (state.kind === 'unpaid') {
    body = (
      <Alert tone="error" title={state.title}>
        <p>{state.message}</p>
      </Alert>
    );
  } else if (state.kind === 'slow') {
    body = (
      <Alert tone="info" title="Not confirmed yet">
        <p>
          Stripe has not confirmed the payment yet. This can take a minute; the credit is added as
          soon as it does.
        </p>
        <button type="button" className="button secondary" onClick={retry}>
          Check again
        </button>
      </Alert>
    );
  } else {
    body = <Alert tone="error">{state.message}</Alert>;
  }

  return (
    <>
      <div className="page-head">
        <h1>Buying live credit</h1>
      </div>
      <section className="panel" aria-live="polite">
        {body}
        <p>
          <Link href="/credit">Back to credit</Link>
        </p>
      </section>
    </>
  );
}

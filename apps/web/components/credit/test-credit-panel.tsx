'use client';

import { useState } from 'react';
import type { TestCreditView } from '@reelscout/domain/views';
import { api, ApiError } from '../../lib/api';
import { usd } from '../../lib/format';
import { Alert } from '../ui/alert';

const TEST_TOP_UP_USD = '10.00';

/** Free test credit in one click, for rs_test_ keys. */
export function TestCreditPanel({ onAdded }: { onAdded: () => void }) {
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
        text: `Added $${TEST_TOP_UP_USD} of test credit. Test balance: ${usd(result.balanceMicros)}.`,
      });
      onAdded();
    } catch (error) {
      setMessage({
        tone: 'error',
        text: error instanceof ApiError ? error.message : 'Could not add test credit.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="test-credit-heading">
      <h2 id="test-credit-heading">Test credit</h2>
      <p className="muted">
        Test keys spend test credit at the real prices, against the sandbox. It is free.
      </p>
      <button type="button" className="button" onClick={() => void add()} disabled={busy}>
        {busy ? 'Adding…' : `Add $${TEST_TOP_UP_USD} test credit`}
      </button>
      <div aria-live="polite">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      </div>
    </section>
  );
}

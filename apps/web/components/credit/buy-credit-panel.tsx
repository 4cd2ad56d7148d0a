'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { CheckoutView, CreditOverviewView } from '@reelscout/domain/views';
import { api } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { checkPurchase } from '../../lib/purchase';
import { useMoney } from '../../lib/use-money';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';

const CUSTOM = 'custom';

/** Buying live credit: a preset or a custom amount, paid on Stripe Checkout. */
export function BuyCreditPanel({ credit }: { credit: CreditOverviewView }) {
  const t = useTranslations('credit.buy');
  const { usdDecimal } = useMoney();
  const presets = credit.presetsUsd;
  const range = { min: usdDecimal(credit.limitsUsd.min), max: usdDecimal(credit.limitsUsd.max) };
  const [choice, setChoice] = useState(presets[1] ?? presets[0] ?? CUSTOM);
  const [custom, setCustom] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkPurchase(choice === CUSTOM ? custom : choice, credit.limitsUsd);
    if ('error' in checked) {
      return setErrors({ fields: { amountUsd: t('amountRange', range) } });
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const session = await api<CheckoutView>('/account/credit/checkout', {
        body: { amountUsd: checked.amountUsd },
      });
      window.location.assign(session.url);
    } catch (error) {
      setErrors(toFormErrors(error, ['amountUsd']));
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="buy-heading" data-testid="buy-credit">
      <h2 id="buy-heading">{t('title')}</h2>
      {!credit.livePurchases.available ? (
        <Alert tone="warning">
          <p>{credit.livePurchases.reason ?? t('unavailable')}</p>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          <fieldset className="radio-group amounts">
            <legend>{t('amount')}</legend>
            {presets.map((preset) => (
              <label key={preset} className="chip">
                <input
                  type="radio"
                  name="amount"
                  value={preset}
                  checked={choice === preset}
                  onChange={() => setChoice(preset)}
                />
                <span>{usdDecimal(preset.replace(/\.00$/, ''))}</span>
              </label>
            ))}
            <label className="chip">
              <input
                type="radio"
                name="amount"
                value={CUSTOM}
                checked={choice === CUSTOM}
                onChange={() => setChoice(CUSTOM)}
              />
              <span>{t('other')}</span>
            </label>
          </fieldset>
          {choice === CUSTOM ? (
            <Field
              label={t('otherAmount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('otherPlaceholder')}
              hint={t('otherHint', range)}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              error={errors.fields.amountUsd}
            />
          ) : errors.fields.amountUsd ? (
            <p className="field-error" role="alert">
              {errors.fields.amountUsd}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('opening') : t('continue')}
          </button>
          <p className="muted small">{t('stripeNote')}</p>
        </form>
      )}
    </section>
  );
}

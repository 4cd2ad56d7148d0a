'use client';

import type { AccountSubjectLimitsView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { microsToUsdInput, usdToMicros } from '../../lib/key-settings';
import { useApi } from '../../lib/use-api';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';
import { Loading } from '../ui/loading';

function SubjectLimitsForm({ initial }: { initial: AccountSubjectLimitsView }) {
  const t = useTranslations('keys');
  const [saved, setSaved] = useState(initial);
  const [daily, setDaily] = useState(microsToUsdInput(initial.dailyMicros));
  const [monthly, setMonthly] = useState(microsToUsdInput(initial.monthlyMicros));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    const dailyMicros = usdToMicros(daily);
    const monthlyMicros = usdToMicros(monthly);
    const fields: Record<string, string> = {};
    if (dailyMicros === undefined) fields.dailyMicros = t('settingsTexts.amountInvalid');
    if (monthlyMicros === undefined) fields.monthlyMicros = t('settingsTexts.amountInvalid');
    if (Object.keys(fields).length) return setErrors({ fields });
    const patch: Record<string, number | null> = {};
    if (dailyMicros !== saved.dailyMicros) patch.dailyMicros = dailyMicros ?? null;
    if (monthlyMicros !== saved.monthlyMicros) patch.monthlyMicros = monthlyMicros ?? null;
    setErrors(NO_ERRORS);
    if (Object.keys(patch).length === 0) return setNotice(t('notices.unchanged'));
    setBusy(true);
    try {
      const next = await api<AccountSubjectLimitsView>('/account/subject-limits', {
        method: 'PATCH',
        body: patch,
      });
      setSaved(next);
      setDaily(microsToUsdInput(next.dailyMicros));
      setMonthly(microsToUsdInput(next.monthlyMicros));
      setNotice(t('subjectLimits.saved'));
    } catch (error) {
      setErrors(toFormErrors(error, ['dailyMicros', 'monthlyMicros']));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="subject-limits" onSubmit={submit} noValidate>
      {errors.form ? (
        <div className="filters-error">
          <Alert tone="error">{errors.form}</Alert>
        </div>
      ) : null}
      <Field
        label={t('subjectLimits.perDay')}
        name="subject-daily"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('fields.amountPlaceholder')}
        value={daily}
        onChange={(e) => setDaily(e.target.value)}
        error={errors.fields.dailyMicros}
      />
      <Field
        label={t('subjectLimits.perMonth')}
        name="subject-monthly"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('fields.amountPlaceholder')}
        value={monthly}
        onChange={(e) => setMonthly(e.target.value)}
        error={errors.fields.monthlyMicros}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('edit.saving') : t('subjectLimits.save')}
      </button>
      <p className="notice" role="status" aria-live="polite">
        {notice}
      </p>
    </form>
  );
}

/** The account's default spend limits per end customer (`x-subject`); a key may override them. */
export function SubjectLimitsPanel() {
  const t = useTranslations('keys.subjectLimits');
  const limits = useApi<AccountSubjectLimitsView>('/account/subject-limits');

  return (
    <section className="panel" aria-labelledby="subject-limits-heading">
      <h2 id="subject-limits-heading">{t('title')}</h2>
      <p className="muted">{t.rich('intro', { header: () => <code>x-subject</code> })}</p>
      {limits.error ? (
        <Alert tone="error">{limits.error.message}</Alert>
      ) : !limits.data ? (
        <Loading label={t('loading')} />
      ) : (
        <SubjectLimitsForm initial={limits.data} />
      )}
    </section>
  );
}

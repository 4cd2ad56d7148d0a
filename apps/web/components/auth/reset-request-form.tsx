'use client';

import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';

/** `/reset-password`: asks for a reset link by e-mail. Says the same whether or not the account exists. */
export function ResetRequestForm() {
  const t = useTranslations('auth');
  const locale = useLocale();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setErrors({ fields: { email: t('emailMissing') } });
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await api('/auth/password-reset/request', { body: { email: email.trim(), locale } });
      setSent(true);
    } catch (error) {
      setErrors(toFormErrors(error, ['email']));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <>
        <h1>{t('checkEmailTitle')}</h1>
        <Alert tone="success">{t('resetSent', { email: email.trim() })}</Alert>
        <p className="auth-links">
          <Link href="/sign-in">{t('backToSignIn')}</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1>{t('resetTitle')}</h1>
      <p className="muted">{t('resetIntro')}</p>
      <form onSubmit={submit} noValidate>
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Field
          label={t('email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.fields.email}
        />
        <button type="submit" className="button wide" disabled={busy}>
          {busy ? t('sending') : t('sendLink')}
        </button>
      </form>
      <p className="auth-links">
        <Link href="/sign-in">{t('backToSignIn')}</Link>
      </p>
    </>
  );
}

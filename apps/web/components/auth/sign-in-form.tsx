'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import type { SessionView } from '@reelscout/domain/views';
import { api, safeNextPath } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';

export function SignInForm() {
  const t = useTranslations('auth');
  const router = useRouter();
  const params = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  // Already signed in: nothing to do here.
  useEffect(() => {
    api<SessionView>('/auth/session')
      .then((session) => {
        if (session.signedIn) router.replace(next);
      })
      .catch(() => undefined);
  }, [router, next]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = t('emailMissing');
    if (!password) missing.password = t('passwordMissing');
    if (Object.keys(missing).length) return setErrors({ fields: missing });
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await api('/auth/sign-in', { body: { email: email.trim(), password } });
      router.replace(next);
    } catch (error) {
      setErrors(toFormErrors(error, ['email', 'password']));
      setBusy(false);
    }
  }

  return (
    <>
      <h1>{t('signInTitle')}</h1>
      {params.get('reset') === 'done' ? <Alert tone="success">{t('passwordChanged')}</Alert> : null}
      <form
        onSubmit={submit}
        noValidate
        aria-describedby={errors.form ? 'sign-in-error' : undefined}
      >
        {errors.form ? (
          <Alert tone="error" id="sign-in-error">
            {errors.form}
          </Alert>
        ) : null}
        <Field
          label={t('email')}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.fields.email}
        />
        <Field
          label={t('password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={256}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.fields.password}
        />
        <button type="submit" className="button wide" disabled={busy}>
          {busy ? t('signingIn') : t('signIn')}
        </button>
      </form>
      <p className="auth-links">
        <Link href="/reset-password">{t('forgotPassword')}</Link>
      </p>
      <p className="muted small">{t('inviteOnly')}</p>
    </>
  );
}

'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';

/** `/reset-password`: asks for a reset link by e-mail. Says the same whether or not the account exists. */
export function ResetRequestForm() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setErrors({ fields: { email: 'Enter your e-mail address.' } });
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await api('/auth/password-reset/request', { body: { email: email.trim() } });
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
        <h1>Check your e-mail</h1>
        <Alert tone="success">
          If an account uses {email.trim()}, we have sent it a link to choose a new password. The
          link works for one hour.
        </Alert>
        <p className="auth-links">
          <Link href="/sign-in">Back to sign in</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1>Reset your password</h1>
      <p className="muted">Enter your account&apos;s e-mail address and we will send you a link.</p>
      <form onSubmit={submit} noValidate>
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Field
          label="E-mail"
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
          {busy ? 'Sending…' : 'Send the link'}
        </button>
      </form>
      <p className="auth-links">
        <Link href="/sign-in">Back to sign in</Link>
      </p>
    </>
  );
}

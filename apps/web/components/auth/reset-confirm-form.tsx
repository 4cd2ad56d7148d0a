'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Alert } from '../ui/alert';
import { checkNewPassword, NewPasswordFields } from './new-password-fields';

/** `/reset-password/<token>`: the link from the reset e-mail. */
export function ResetConfirmForm() {
  const t = useTranslations('auth');
  const { token } = useParams<{ token: string }>();
  const router = useRouter();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = checkNewPassword(password, repeat, t);
    if (Object.keys(problems).length) return setErrors({ fields: problems });
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await api('/auth/password-reset/confirm', { body: { token, password } });
      router.replace('/sign-in?reset=done');
    } catch (error) {
      setErrors(toFormErrors(error, ['password']));
      setBusy(false);
    }
  }

  return (
    <>
      <h1>{t('newPasswordTitle')}</h1>
      <form onSubmit={submit} noValidate>
        {errors.form ? (
          <Alert tone="error">
            {errors.form} <Link href="/reset-password">{t('askNewLink')}</Link>
          </Alert>
        ) : null}
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          errors={errors.fields}
        />
        <button type="submit" className="button wide" disabled={busy}>
          {busy ? t('saving') : t('setNewPassword')}
        </button>
      </form>
    </>
  );
}

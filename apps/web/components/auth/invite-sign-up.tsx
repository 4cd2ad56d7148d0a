'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import type { InviteState, InviteView } from '@reelscout/domain/views';
import { api, ApiError } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';
import { Loading } from '../ui/loading';
import { checkNewPassword, NewPasswordFields } from './new-password-fields';

function InviteProblem({ state }: { state: Exclude<InviteState, 'valid'> }) {
  const t = useTranslations('auth.inviteProblems');
  return (
    <div data-testid="invite-problem">
      <h1>{t(`${state}.title`)}</h1>
      <p>{t(`${state}.text`)}</p>
      <p>
        <Link className="button" href="/sign-in">
          {t('goToSignIn')}
        </Link>
      </p>
    </div>
  );
}

/** `/invite/<token>`: create an account from an invite link. */
export function InviteSignUp() {
  const t = useTranslations('auth');
  const { token } = useParams<{ token: string }>();
  const router = useRouter();
  const [invite, setInvite] = useState<InviteView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<InviteView>(`/auth/invites/${encodeURIComponent(token)}`)
      .then((view) => {
        setInvite(view);
        if (view.email) setEmail(view.email);
      })
      .catch((error: unknown) =>
        setLoadError(error instanceof ApiError ? error.message : t('inviteCheckFailed')),
      );
  }, [token, t]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = checkNewPassword(password, repeat, t);
    if (!email.trim()) problems.email = t('emailMissing');
    if (Object.keys(problems).length) return setErrors({ fields: problems });
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await api('/auth/sign-up', { body: { token, email: email.trim(), password } });
      router.replace('/');
    } catch (error) {
      setErrors(toFormErrors(error, ['email', 'password']));
      setBusy(false);
    }
  }

  if (loadError) return <Alert tone="error">{loadError}</Alert>;
  if (!invite) return <Loading label={t('checkingInvite')} />;
  if (invite.state !== 'valid') return <InviteProblem state={invite.state} />;

  return (
    <>
      <h1>{t('createAccountTitle')}</h1>
      <p className="muted">{t('invitedIntro')}</p>
      <form onSubmit={submit} noValidate>
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Field
          label={t('email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          readOnly={invite.email !== null}
          hint={invite.email ? t('inviteForAddress') : undefined}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.fields.email}
        />
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          errors={errors.fields}
        />
        <button type="submit" className="button wide" disabled={busy}>
          {busy ? t('creatingAccount') : t('createAccount')}
        </button>
      </form>
      <p className="auth-links">
        {t('haveAccount')} <Link href="/sign-in">{t('signIn')}</Link>
      </p>
    </>
  );
}

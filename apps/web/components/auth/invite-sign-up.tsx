'use client';

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

const PROBLEMS: Record<Exclude<InviteState, 'valid'>, { title: string; text: string }> = {
  expired: {
    title: 'This invite has expired',
    text: 'Invite links work for a limited time. Ask the person who invited you to send a new one.',
  },
  used: {
    title: 'This invite has already been used',
    text: 'Each invite link creates one account. If you created it, sign in instead; otherwise ask for a new invite.',
  },
  unknown: {
    title: 'This invite link is not valid',
    text: 'Check that you opened the whole link from your invitation, or ask for a new one.',
  },
};

function InviteProblem({ state }: { state: Exclude<InviteState, 'valid'> }) {
  const problem = PROBLEMS[state];
  return (
    <div data-testid="invite-problem">
      <h1>{problem.title}</h1>
      <p>{problem.text}</p>
      <p>
        <Link className="button" href="/sign-in">
          Go to sign in
        </Link>
      </p>
    </div>
  );
}

/** `/invite/<token>`: create an account from an invite link. */
export function InviteSignUp() {
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
        setLoadError(error instanceof ApiError ? error.message : 'Could not check this invite.'),
      );
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = checkNewPassword(password, repeat);
    if (!email.trim()) problems.email = 'Enter your e-mail address.';
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
  if (!invite) return <Loading label="Checking your invite…" />;
  if (invite.state !== 'valid') return <InviteProblem state={invite.state} />;

  return (
    <>
      <h1>Create your account</h1>
      <p className="muted">You have been invited to Reelscout. Choose how you will sign in.</p>
      <form onSubmit={submit} noValidate>
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          readOnly={invite.email !== null}
          hint={invite.email ? 'This invite is for this address.' : undefined}
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
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p className="auth-links">
        Already have an account? <Link href="/sign-in">Sign in</Link>
      </p>
    </>
  );
}

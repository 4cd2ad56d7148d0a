'use client';

import { useState, type FormEvent } from 'react';
import type { CreatedInviteView } from '@reelscout/domain/views';
import { api } from '../../lib/api';
import { DateTime } from '../ui/date-time';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Alert } from '../ui/alert';
import { CopyButton } from '../ui/copy-button';
import { Field } from '../ui/field';

/** Administrators: make a one-time invite link, optionally bound to an address and granting API access. */
export function InvitePanel() {
  const [email, setEmail] = useState('');
  const [apiAccess, setApiAccess] = useState(true);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState<CreatedInviteView | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const body = email.trim() ? { email: email.trim(), apiAccess } : { apiAccess };
      setInvite(await api<CreatedInviteView>('/account/invites', { body }));
    } catch (error) {
      setErrors(toFormErrors(error, ['email']));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form onSubmit={submit} noValidate className="inline-form">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Field
          label="E-mail (optional)"
          type="email"
          autoComplete="off"
          maxLength={254}
          hint="Only this address may use the link."
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.fields.email}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={apiAccess}
            onChange={(e) => setApiAccess(e.target.checked)}
          />
          Grant API access
        </label>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Creating…' : 'Create invite link'}
        </button>
      </form>
      {invite ? (
        <div className="secret-box" aria-live="polite">
          <p>
            Send this link to the person you invite. It works once, until{' '}
            <DateTime iso={invite.expiresAt} />
            {invite.grantsApiAccess ? ', and grants API access' : ''}.
          </p>
          <div className="secret-row">
            <code className="secret">{invite.url}</code>
            <CopyButton text={invite.url} label="Copy link" />
          </div>
        </div>
      ) : null}
    </section>
  );
}

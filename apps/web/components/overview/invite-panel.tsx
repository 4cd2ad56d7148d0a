'use client';

import { useTranslations } from 'next-intl';
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
  const t = useTranslations('overview.invite');
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
      <h2 id="invite-heading">{t('title')}</h2>
      <form onSubmit={submit} noValidate className="inline-form">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Field
          label={t('email')}
          type="email"
          autoComplete="off"
          maxLength={254}
          hint={t('emailHint')}
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
          {t('grantApiAccess')}
        </label>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('creating') : t('create')}
        </button>
      </form>
      {invite ? (
        <div className="secret-box" aria-live="polite">
          <p>
            {t.rich('created', {
              grants: invite.grantsApiAccess ? 'yes' : 'no',
              until: () => <DateTime iso={invite.expiresAt} />,
            })}
          </p>
          <div className="secret-row">
            <code className="secret">{invite.url}</code>
            <CopyButton text={invite.url} label={t('copyLink')} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

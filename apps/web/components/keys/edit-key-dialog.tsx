'use client';

import type { ApiKeyView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import {
  ALL_SETTINGS_PARAMS,
  checkSettings,
  formFromKey,
  settingsPatch,
  type KeySettingsForm,
} from '../../lib/key-settings';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';
import { Modal } from '../ui/modal';
import { useKeySettingsTexts } from './key-parts';
import { KeySettingsFields } from './key-settings-fields';

function EditKeyForm({
  apiKey,
  onSaved,
  onCancel,
}: {
  apiKey: ApiKeyView;
  onSaved: (key: ApiKeyView, changed: boolean) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('keys');
  const texts = useKeySettingsTexts();
  const [form, setForm] = useState<KeySettingsForm>(() => formFromKey(apiKey));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  function set<K extends keyof KeySettingsForm>(name: K, value: KeySettingsForm[K]) {
    setForm((previous) => ({ ...previous, [name]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkSettings(form, texts);
    if (!checked.ok) return setErrors({ fields: checked.fields });
    const patch = settingsPatch(apiKey, checked.body);
    if (Object.keys(patch).length === 0) return onSaved(apiKey, false);
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const saved = await api<ApiKeyView>(`/account/keys/${encodeURIComponent(apiKey.id)}`, {
        method: 'PATCH',
        body: patch,
      });
      onSaved(saved, true);
    } catch (error) {
      setErrors(toFormErrors(error, ALL_SETTINGS_PARAMS));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id="edit-key-title">{t('edit.title', { name: apiKey.name })}</h2>
      <p className="muted small">
        {t.rich('edit.intro', { start: () => <code>{apiKey.start}</code>, mode: apiKey.mode })}
      </p>
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <Field
        label={t('fields.name')}
        name="key-name"
        required
        maxLength={64}
        autoComplete="off"
        value={form.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.fields.name}
        data-autofocus
      />
      <KeySettingsFields form={form} errors={errors.fields} onChange={set} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('edit.saving') : t('edit.save')}
        </button>
      </div>
    </form>
  );
}

/** Changes a key's settings: only the fields changed are sent (an emptied one is cleared). */
export function EditKeyDialog({
  apiKey,
  onClose,
  onSaved,
}: {
  apiKey: ApiKeyView | null;
  onClose: () => void;
  onSaved: (key: ApiKeyView, changed: boolean) => void;
}) {
  return (
    <Modal
      open={apiKey !== null}
      dismissible
      onDismiss={onClose}
      labelledBy="edit-key-title"
      className="key-dialog"
    >
      {apiKey ? (
        <EditKeyForm key={apiKey.id} apiKey={apiKey} onCancel={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

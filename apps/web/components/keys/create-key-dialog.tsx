'use client';

import { MODES, type Mode } from '@reelscout/domain/modes';
import { PRICES } from '@reelscout/domain/prices';
import type { CreatedApiKeyView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../../lib/api';
import { useMoney } from '../../lib/use-money';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import {
  ALL_SETTINGS_PARAMS,
  checkSettings,
  EMPTY_SETTINGS,
  type KeySettingsForm,
} from '../../lib/key-settings';
import { Alert } from '../ui/alert';
import { CopyButton } from '../ui/copy-button';
import { firstCallCurl } from '../../lib/api-address';
import { useApiBaseUrl } from '../shell/api-address-context';
import { Field } from '../ui/field';
import { Modal } from '../ui/modal';
import { useKeySettingsTexts } from './key-parts';
import { KeySettingsFields } from './key-settings-fields';

function CreateKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedApiKeyView) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('keys');
  const texts = useKeySettingsTexts();
  const [form, setForm] = useState<KeySettingsForm>(EMPTY_SETTINGS);
  const [mode, setMode] = useState<Mode>('test');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  function set<K extends keyof KeySettingsForm>(name: K, value: KeySettingsForm[K]) {
    setForm((previous) => ({ ...previous, [name]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkSettings(form, texts);
    if (!checked.ok) return setErrors({ fields: checked.fields });
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      onCreated(await api<CreatedApiKeyView>('/account/keys', { body: { ...checked.body, mode } }));
    } catch (error) {
      setErrors(toFormErrors(error, ALL_SETTINGS_PARAMS));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id="create-key-title">{t('create.title')}</h2>
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <Field
        label={t('fields.name')}
        name="key-name"
        required
        maxLength={64}
        autoComplete="off"
        hint={t('fields.nameHint')}
        value={form.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.fields.name}
        data-autofocus
      />
      <fieldset className="radio-group">
        <legend>{t('fields.mode')}</legend>
        {MODES.slice()
          .reverse()
          .map((value) => (
            <label key={value} className="radio">
              <input
                type="radio"
                name="key-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              <span>
                <strong>{t(`create.modes.${value}.label`)}</strong>{' '}
                <span className="muted">{t(`create.modes.${value}.hint`)}</span>
              </span>
            </label>
          ))}
        {errors.fields.mode ? (
          <p className="field-error" role="alert">
            {errors.fields.mode}
          </p>
        ) : null}
      </fieldset>
      <KeySettingsFields form={form} errors={errors.fields} onChange={set} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('create.creating') : t('createKey')}
        </button>
      </div>
    </form>
  );
}

/** The first call with the new key, ready to paste into a terminal. */
function FirstCall({ apiKey }: { apiKey: string }) {
  const t = useTranslations('keys.once');
  const command = firstCallCurl(useApiBaseUrl(), apiKey);
  const { usd } = useMoney();
  return (
    <div className="first-call">
      <p className="small">{t('firstCall', { price: usd(PRICES.assist) })}</p>
      <pre className="code-block" data-testid="first-call-curl">
        <code>{command}</code>
      </pre>
      <CopyButton text={command} label={t('copyCommand')} />
    </div>
  );
}

/** The key, once. The dialog stays until the reader confirms they stored it. */
export function ShowKeyOnce({
  created,
  onDone,
  titleId = 'create-key-title',
  warningId = 'create-key-warning',
  children,
}: {
  created: CreatedApiKeyView;
  onDone: () => void;
  titleId?: string;
  warningId?: string;
  /** Said before the warning (after a roll: what happens to the old key). */
  children?: ReactNode;
}) {
  const t = useTranslations('keys.once');
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('title')}
      </h2>
      {children}
      <Alert tone="warning" id={warningId}>
        {t('warning')}
      </Alert>
      <p className="muted small">{t('nameAndMode', { name: created.name, mode: created.mode })}</p>
      <div className="secret-row">
        <code className="secret" data-testid="new-key" aria-label={t('keyLabel')}>
          {created.key}
        </code>
        <CopyButton text={created.key} label={t('copyKey')} />
      </div>
      <FirstCall apiKey={created.key} />
      <label className="check">
        <input
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          name="saved-key"
        />
        {t('saved')}
      </label>
      <div className="dialog-actions">
        <button type="button" className="button" disabled={!saved} onClick={onDone}>
          {t('done')}
        </button>
      </div>
    </div>
  );
}

export function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** Closed without a key, or after the reader confirmed they saved it. */
  onClose: () => void;
  /** A key now exists (the list should show it even before the dialog closes). */
  onCreated: () => void;
}) {
  const [created, setCreated] = useState<CreatedApiKeyView | null>(null);

  function close() {
    setCreated(null); // the plaintext leaves memory with the dialog
    onClose();
  }

  return (
    <Modal
      open={open}
      dismissible={created === null}
      onDismiss={close}
      labelledBy="create-key-title"
      describedBy={created ? 'create-key-warning' : undefined}
      className="key-dialog"
    >
      {created ? (
        <ShowKeyOnce created={created} onDone={close} />
      ) : (
        <CreateKeyForm
          onCancel={close}
          onCreated={(key) => {
            setCreated(key);
            onCreated();
          }}
        />
      )}
    </Modal>
  );
}

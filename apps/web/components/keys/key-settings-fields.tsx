'use client';

import { OPERATIONS } from '@reelscout/domain/prices';
import { useTranslations } from 'next-intl';
import { SETTINGS_PARAMS, type KeySettingsForm } from '../../lib/key-settings';
import { Field } from '../ui/field';

function AmountField({
  label,
  name,
  form,
  errors,
  onChange,
  hint,
}: {
  label: string;
  name: keyof KeySettingsForm & `${string}Usd`;
  form: KeySettingsForm;
  errors: Record<string, string>;
  onChange: (name: keyof KeySettingsForm, value: string) => void;
  hint?: string;
}) {
  const t = useTranslations('keys.fields');
  return (
    <Field
      label={label}
      name={`key-${name}`}
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('amountPlaceholder')}
      hint={hint}
      value={form[name]}
      onChange={(e) => onChange(name, e.target.value)}
      error={errors[SETTINGS_PARAMS[name]]}
    />
  );
}

/**
 * The settings a key is created with and edited by: spend limits, scopes, expiry and the
 * per-subject overrides. Amounts are USD (empty: no limit); errors are keyed by the API's `param`.
 */
export function KeySettingsFields({
  form,
  errors,
  onChange,
}: {
  form: KeySettingsForm;
  errors: Record<string, string>;
  onChange: <K extends keyof KeySettingsForm>(name: K, value: KeySettingsForm[K]) => void;
}) {
  const t = useTranslations('keys.fields');
  const set = (name: keyof KeySettingsForm, value: string) => onChange(name, value);

  function toggle(operation: string, on: boolean) {
    onChange(
      'operations',
      OPERATIONS.filter((each) => (each === operation ? on : form.operations.includes(each))),
    );
  }

  return (
    <>
      <fieldset>
        <legend>{t('spendLimits')}</legend>
        <p className="field-hint">
          {t.rich('spendLimitsHint', { status: () => <code>402</code> })}
        </p>
        <div className="settings-grid">
          <AmountField label={t('total')} name="totalUsd" {...{ form, errors, onChange: set }} />
          <AmountField label={t('perDay')} name="dailyUsd" {...{ form, errors, onChange: set }} />
          <AmountField
            label={t('perMonth')}
            name="monthlyUsd"
            {...{ form, errors, onChange: set }}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('operations')}</legend>
        <p className="field-hint">{t('operationsHint')}</p>
        <div className="check-grid">
          {OPERATIONS.map((operation) => (
            <label key={operation} className="check">
              <input
                type="checkbox"
                name="key-operations"
                value={operation}
                checked={form.operations.includes(operation)}
                onChange={(e) => toggle(operation, e.target.checked)}
                aria-invalid={errors.operations ? true : undefined}
              />
              <span>
                <code>{operation}</code>{' '}
                <span className="muted">{t(`operationNames.${operation}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.operations ? (
          <p className="field-error" role="alert">
            {errors.operations}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={t('expires')}
        name="key-expires"
        type="datetime-local"
        hint={t('expiresHint')}
        value={form.expiresLocal}
        onChange={(e) => onChange('expiresLocal', e.target.value)}
        error={errors.expiresAt}
      />
      <fieldset>
        <legend>{t('subjectLimits')}</legend>
        <p className="field-hint">
          {t.rich('subjectLimitsHint', { header: () => <code>x-subject</code> })}
        </p>
        <div className="settings-grid two">
          <AmountField
            label={t('subjectPerDay')}
            name="subjectDailyUsd"
            {...{ form, errors, onChange: set }}
          />
          <AmountField
            label={t('subjectPerMonth')}
            name="subjectMonthlyUsd"
            {...{ form, errors, onChange: set }}
          />
        </div>
      </fieldset>
    </>
  );
}

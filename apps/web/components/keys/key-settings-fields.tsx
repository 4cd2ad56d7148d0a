'use client';

import { OPERATIONS } from '@reelscout/domain/prices';
import { SETTINGS_PARAMS, type KeySettingsForm } from '../../lib/key-settings';
import { Field } from '../ui/field';

const OPERATION_TEXT: Record<string, string> = {
  assist: 'the research assistant',
  scan: 'reel scans',
  playbook: 'playbooks',
  music: 'music lookups',
};

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
  return (
    <Field
      label={label}
      name={`key-${name}`}
      inputMode="decimal"
      autoComplete="off"
      placeholder="none"
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
        <legend>Spend limits (USD)</legend>
        <p className="field-hint">
          Leave empty for no limit. Days and months are UTC; a call is refused with <code>402</code>{' '}
          when its hold would pass a limit.
        </p>
        <div className="settings-grid">
          <AmountField label="Total" name="totalUsd" {...{ form, errors, onChange: set }} />
          <AmountField label="Per day" name="dailyUsd" {...{ form, errors, onChange: set }} />
          <AmountField label="Per month" name="monthlyUsd" {...{ form, errors, onChange: set }} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Allowed operations</legend>
        <p className="field-hint">All checked: every operation, including ones added later.</p>
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
                <span className="muted">{OPERATION_TEXT[operation] ?? ''}</span>
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
        label="Expires"
        name="key-expires"
        type="datetime-local"
        hint="Your local time. Empty: the key never expires."
        value={form.expiresLocal}
        onChange={(e) => onChange('expiresLocal', e.target.value)}
        error={errors.expiresAt}
      />
      <fieldset>
        <legend>Per-subject limits (USD)</legend>
        <p className="field-hint">
          For each end customer (<code>x-subject</code>) of this key; empty: the account’s limits
          apply.
        </p>
        <div className="settings-grid two">
          <AmountField
            label="Subject per day"
            name="subjectDailyUsd"
            {...{ form, errors, onChange: set }}
          />
          <AmountField
            label="Subject per month"
            name="subjectMonthlyUsd"
            {...{ form, errors, onChange: set }}
          />
        </div>
      </fieldset>
    </>
  );
}

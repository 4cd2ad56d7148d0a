'use client';

import { MODES, type Mode } from '@reelscout/domain/modes';
import { OPERATIONS, type Operation } from '@reelscout/domain/prices';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Field } from './field';

/** The mode filter shared by the usage and ledger filters: all, live or test. */
export function ModeSelect({
  value,
  onChange,
}: {
  value: Mode | '';
  onChange: (mode: Mode | '') => void;
}) {
  const t = useTranslations('common');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('mode')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Mode | '')}>
        <option value="">{t('all')}</option>
        {MODES.map((mode) => (
          <option key={mode} value={mode}>
            {t(`modeBadge.${mode}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The operation filter; `allLabel` and `optionLabel` say what the choice selects. */
export function OperationSelect({
  value,
  onChange,
  allLabel,
  optionLabel = (operation) => operation,
}: {
  value: Operation | '';
  onChange: (operation: Operation | '') => void;
  allLabel?: string;
  optionLabel?: (operation: Operation) => string;
}) {
  const t = useTranslations('common');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('operation')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Operation | '')}>
        <option value="">{allLabel ?? t('all')}</option>
        {OPERATIONS.map((operation) => (
          <option key={operation} value={operation}>
            {optionLabel(operation)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** From and To as UTC days (`YYYY-MM-DD`, both inclusive); each bounds the other's picker. */
export function DayRangeFields({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
}) {
  const t = useTranslations('common');
  return (
    <>
      <Field
        label={t('from')}
        type="date"
        value={from}
        max={to || undefined}
        onChange={(e) => onFrom(e.target.value)}
      />
      <Field
        label={t('to')}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(e) => onTo(e.target.value)}
      />
    </>
  );
}

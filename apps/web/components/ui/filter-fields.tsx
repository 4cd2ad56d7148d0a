'use client';

import { MODES, type Mode } from '@reelscout/domain/modes';
import { OPERATIONS, type Operation } from '@reelscout/domain/prices';
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
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Mode</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Mode | '')}>
        <option value="">All</option>
        {MODES.map((mode) => (
          <option key={mode} value={mode}>
            {mode}
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
  allLabel = 'All',
  optionLabel = (operation) => operation,
}: {
  value: Operation | '';
  onChange: (operation: Operation | '') => void;
  allLabel?: string;
  optionLabel?: (operation: Operation) => string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Operation</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Operation | '')}>
        <option value="">{allLabel}</option>
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
  return (
    <>
      <Field
        label="From (UTC)"
        type="date"
        value={from}
        max={to || undefined}
        onChange={(e) => onFrom(e.target.value)}
      />
      <Field
        label="To (UTC)"
        type="date"
        value={to}
        min={from || undefined}
        onChange={(e) => onTo(e.target.value)}
      />
    </>
  );
}

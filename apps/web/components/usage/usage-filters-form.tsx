'use client';

import { MODES } from '@reelscout/domain/modes';
import { OPERATIONS } from '@reelscout/domain/prices';
import { useId, useState, type FormEvent } from 'react';
import { checkFilters, NO_FILTERS, type UsageFilters } from '../../lib/usage-filters';
import { Alert } from '../ui/alert';

/** Filters for the usage table, chart and export. Applying them updates the page's URL. */
export function UsageFiltersForm({
  initial,
  onApply,
}: {
  initial: UsageFilters;
  onApply: (filters: UsageFilters) => void;
}) {
  const [filters, setFilters] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function set<K extends keyof UsageFilters>(name: K, value: UsageFilters[K]) {
    setFilters((previous) => ({ ...previous, [name]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkFilters(filters);
    setError(problem);
    if (!problem) onApply(filters);
  }

  return (
    <form className="filters" onSubmit={submit} aria-label="Filter usage" noValidate>
      <div className="field">
        <label htmlFor={`${id}-mode`}>Mode</label>
        <select
          id={`${id}-mode`}
          value={filters.mode}
          onChange={(e) => set('mode', e.target.value as UsageFilters['mode'])}
        >
          <option value="">All</option>
          {MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-operation`}>Operation</label>
        <select
          id={`${id}-operation`}
          value={filters.operation}
          onChange={(e) => set('operation', e.target.value as UsageFilters['operation'])}
        >
          <option value="">All</option>
          {OPERATIONS.map((operation) => (
            <option key={operation} value={operation}>
              {operation}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input
          id={`${id}-subject`}
          type="search"
          maxLength={128}
          autoComplete="off"
          placeholder="customer id"
          value={filters.subject}
          onChange={(e) => set('subject', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>From (UTC)</label>
        <input
          id={`${id}-from`}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => set('from', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>To (UTC)</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => set('to', e.target.value)}
        />
      </div>
      <div className="filter-actions">
        <button type="submit" className="button">
          Apply
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setFilters(NO_FILTERS);
            setError(null);
            onApply(NO_FILTERS);
          }}
        >
          Reset
        </button>
      </div>
      {error ? (
        <div className="filters-error">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
    </form>
  );
}

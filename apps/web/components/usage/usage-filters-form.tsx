'use client';

import { useId, useState, type FormEvent } from 'react';
import { checkFilters, NO_FILTERS, type UsageFilters } from '../../lib/usage-filters';
import { Alert } from '../ui/alert';
import { DayRangeFields, ModeSelect, OperationSelect } from '../ui/filter-fields';

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
      <ModeSelect value={filters.mode} onChange={(mode) => set('mode', mode)} />
      <OperationSelect
        value={filters.operation}
        onChange={(operation) => set('operation', operation)}
      />
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
      <DayRangeFields
        from={filters.from}
        to={filters.to}
        onFrom={(day) => set('from', day)}
        onTo={(day) => set('to', day)}
      />
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

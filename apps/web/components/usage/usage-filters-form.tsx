'use client';

import type { ApiKeyView, UsageGroupBy } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import {
  checkFilters,
  NO_FILTERS,
  type FilterProblem,
  type UsageFilters,
} from '../../lib/usage-filters';
import { Alert } from '../ui/alert';
import { DayRangeFields, ModeSelect, OperationSelect } from '../ui/filter-fields';

/** Filters for the usage table, chart and export. Applying them updates the page's URL. */
export function UsageFiltersForm({
  initial,
  keys,
  onApply,
}: {
  initial: UsageFilters;
  /** The account's keys for the key filter; null: no key filter (no API access). */
  keys: ApiKeyView[] | null;
  onApply: (filters: UsageFilters) => void;
}) {
  const t = useTranslations('usage.filters');
  const [filters, setFilters] = useState(initial);
  const [error, setError] = useState<FilterProblem | null>(null);
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
    <form className="filters wide" onSubmit={submit} aria-label={t('label')} noValidate>
      <ModeSelect value={filters.mode} onChange={(mode) => set('mode', mode)} />
      <OperationSelect
        value={filters.operation}
        onChange={(operation) => set('operation', operation)}
      />
      <div className="field">
        <label htmlFor={`${id}-subject`}>{t('subject')}</label>
        <input
          id={`${id}-subject`}
          type="search"
          maxLength={128}
          autoComplete="off"
          placeholder={t('subjectPlaceholder')}
          value={filters.subject}
          onChange={(e) => set('subject', e.target.value)}
        />
      </div>
      {keys ? (
        <div className="field">
          <label htmlFor={`${id}-key`}>{t('key')}</label>
          <select
            id={`${id}-key`}
            value={filters.keyId}
            onChange={(e) => set('keyId', e.target.value)}
          >
            <option value="">{t('allKeys')}</option>
            {filters.keyId && !keys.some((key) => key.id === filters.keyId) ? (
              <option value={filters.keyId}>{t('unknownKey')}</option>
            ) : null}
            {keys.map((key) => (
              <option key={key.id} value={key.id}>
                {t('keyOption', { name: key.name, start: key.start, status: key.status })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-group`}>{t('groupBy')}</label>
        <select
          id={`${id}-group`}
          value={filters.groupBy}
          onChange={(e) => set('groupBy', e.target.value as UsageGroupBy | '')}
        >
          <option value="">{t('groupNone')}</option>
          {keys ? <option value="key">{t('key')}</option> : null}
          <option value="subject">{t('subject')}</option>
        </select>
      </div>
      <DayRangeFields
        from={filters.from}
        to={filters.to}
        onFrom={(day) => set('from', day)}
        onTo={(day) => set('to', day)}
      />
      <div className="filter-actions">
        <button type="submit" className="button">
          {t('apply')}
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
          {t('reset')}
        </button>
      </div>
      {error ? (
        <div className="filters-error">
          <Alert tone="error">{t(`problems.${error}`)}</Alert>
        </div>
      ) : null}
    </form>
  );
}

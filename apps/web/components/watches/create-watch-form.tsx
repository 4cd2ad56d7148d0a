'use client';

import type { Mode } from '@reelscout/domain/modes';
import {
  WATCH_INTERVALS,
  WATCH_KINDS,
  WATCH_SORTS,
  type WatchInterval,
  type WatchKind,
  type WatchSort,
  type WatchView,
} from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { MARKET_CHOICES } from '../../lib/playground';
import type { MarketChoice } from '../../lib/playground-types';
import { Alert } from '../ui/alert';
import { Field } from '../ui/field';

const FIELDS = [
  'kind',
  'query',
  'creator',
  'market',
  'limit',
  'interval',
  'min_outlier_score',
  'sort',
  'outlier_multiple',
] as const;

/** A number as typed: a value that is not one is the API's to refuse, beside its field. */
function typed(value: string): number | string {
  return Number.isNaN(Number(value)) ? value : Number(value);
}

/** A labelled select whose error (the API's `param`) shows beside it. */
function Select<T extends string>({
  label,
  value,
  options,
  error,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  error?: string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A new watch of the mode the page shows. A niche watch: a brief, a market, how many reels a run
 * considers, how often, the scan's order, and an optional minimum outlier score. A creator watch:
 * the creator (a profile link, or an @handle with its market), how often, and an optional outlier
 * multiple. Left blank, a field takes the API's default. The API checks every field; its refusal
 * shows beside the field it names.
 */
export function CreateWatchForm({
  mode,
  onCreated,
}: {
  mode: Mode;
  onCreated: (watch: WatchView) => void;
}) {
  const t = useTranslations('watches.create');
  const [kind, setKind] = useState<WatchKind>('niche');
  const [creator, setCreator] = useState('');
  const [multiple, setMultiple] = useState('');
  const [query, setQuery] = useState('');
  const [market, setMarket] = useState<MarketChoice>('auto');
  const [limit, setLimit] = useState('');
  const [interval, setEvery] = useState<WatchInterval>('daily');
  const [sort, setSort] = useState<WatchSort>('traction');
  const [minScore, setMinScore] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    const score = minScore.trim();
    const reels = limit.trim();
    const times = multiple.trim();
    // A creator's market is the link's, or the one chosen for a handle: `auto` sends none.
    const body =
      kind === 'creator'
        ? {
            kind,
            creator,
            interval,
            ...(market === 'auto' ? {} : { market }),
            ...(times === '' ? {} : { outlier_multiple: typed(times) }),
          }
        : {
            query,
            market,
            interval,
            sort,
            ...(reels === '' ? {} : { limit: typed(reels) }),
            ...(score === '' ? {} : { min_outlier_score: typed(score) }),
          };
    try {
      const watch = await api<WatchView>(`/account/watches?mode=${mode}`, { body });
      setQuery('');
      setCreator('');
      setMultiple('');
      setLimit('');
      setMinScore('');
      onCreated(watch);
    } catch (caught) {
      setErrors(toFormErrors(caught, FIELDS));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="create-watch-heading">
      <h2 id="create-watch-heading">{t('heading', { mode })}</h2>
      <form className="filters" onSubmit={(e) => void submit(e)} noValidate>
        <Select
          label={t('kind')}
          value={kind}
          options={WATCH_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          error={errors.fields.kind}
          onChange={setKind}
        />
        {kind === 'creator' ? (
          <Field
            label={t('creator')}
            value={creator}
            maxLength={2000}
            required
            placeholder={t('creatorPlaceholder')}
            onChange={(e) => setCreator(e.target.value)}
            error={errors.fields.creator}
          />
        ) : (
          <Field
            label={t('query')}
            value={query}
            maxLength={2000}
            required
            onChange={(e) => setQuery(e.target.value)}
            error={errors.fields.query}
          />
        )}
        <Select
          label={t('market')}
          value={market}
          options={MARKET_CHOICES.map((value) => ({ value, label: t(`markets.${value}`) }))}
          error={errors.fields.market}
          onChange={setMarket}
        />
        {kind === 'niche' ? (
          <Field
            label={t('limit')}
            inputMode="numeric"
            value={limit}
            placeholder={t('limitPlaceholder')}
            onChange={(e) => setLimit(e.target.value)}
            error={errors.fields.limit}
          />
        ) : null}
        <Select
          label={t('interval')}
          value={interval}
          options={WATCH_INTERVALS.map((value) => ({ value, label: t(`intervals.${value}`) }))}
          error={errors.fields.interval}
          onChange={setEvery}
        />
        {kind === 'niche' ? (
          <>
            <Select
              label={t('sort')}
              value={sort}
              options={WATCH_SORTS.map((value) => ({ value, label: t(`sorts.${value}`) }))}
              error={errors.fields.sort}
              onChange={setSort}
            />
            <Field
              label={t('minScore')}
              inputMode="decimal"
              value={minScore}
              placeholder={t('minScorePlaceholder')}
              onChange={(e) => setMinScore(e.target.value)}
              error={errors.fields.min_outlier_score}
            />
          </>
        ) : (
          <Field
            label={t('outlierMultiple')}
            inputMode="decimal"
            value={multiple}
            placeholder={t('outlierMultiplePlaceholder')}
            onChange={(e) => setMultiple(e.target.value)}
            error={errors.fields.outlier_multiple}
          />
        )}
        <p className="filter-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('creating') : t('submit')}
          </button>
        </p>
        {errors.form ? (
          <div className="filters-error">
            <Alert tone="error">{errors.form}</Alert>
          </div>
        ) : null}
      </form>
    </section>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useId, type FormEvent, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useMoney } from '../../lib/use-money';
import {
  EXAMPLES,
  LIMIT_MAX,
  MARKET_CHOICES,
  PLAYBOOK_LANGUAGES,
  TEXT_MAX,
  TRENDS_LIMIT_MAX,
  type Example,
  type FieldErrors,
  type FormState,
  type PlaybookLanguage,
} from '../../lib/playground';
import type { MarketChoice, Mode, PlaygroundOperation } from '../../lib/playground-types';
import { Field } from '../ui/field';

function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The video link of playbook and music: the same field, hint and error for both. */
function VideoUrlField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (url: string) => void;
}) {
  const t = useTranslations('playground.form');
  return (
    <Field
      label={t('url')}
      name="url"
      type="url"
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      hint={t('urlHint')}
      error={error}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function TextArea({
  label,
  hint,
  error,
  ...rest
}: { label: string; hint?: ReactNode; error?: string } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(
          hint ? `${id}-hint` : undefined,
          error ? `${id}-error` : undefined,
        )}
        {...rest}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

function Select<V extends string>({
  label,
  value,
  options,
  onChange,
  name,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  name: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Fields<Op extends PlaygroundOperation>({
  operation,
  form,
  errors,
  onChange,
}: {
  operation: Op;
  form: FormState[Op];
  errors: FieldErrors;
  onChange: (change: Partial<FormState[Op]>) => void;
}) {
  const t = useTranslations('playground.form');
  switch (operation) {
    case 'assist': {
      const value = form as FormState['assist'];
      const set = onChange as (change: Partial<FormState['assist']>) => void;
      return (
        <TextArea
          label={t('message')}
          name="message"
          hint={t('messageHint')}
          error={errors.message}
          maxLength={TEXT_MAX}
          value={value.message}
          onChange={(e) => set({ message: e.target.value })}
        />
      );
    }
    case 'scan': {
      const value = form as FormState['scan'];
      const set = onChange as (change: Partial<FormState['scan']>) => void;
      const marketLabel: Record<MarketChoice, string> = {
        auto: t('marketAuto'),
        network_a: t('marketA'),
        network_b: t('marketB'),
      };
      return (
        <>
          <TextArea
            label={t('query')}
            name="query"
            hint={t('queryHint')}
            error={errors.query}
            maxLength={TEXT_MAX}
            rows={2}
            value={value.query}
            onChange={(e) => set({ query: e.target.value })}
          />
          <div className="pg-field-row">
            <Select
              label={t('market')}
              name="market"
              value={value.market}
              options={MARKET_CHOICES.map((choice) => ({
                value: choice,
                label: marketLabel[choice],
              }))}
              onChange={(market) => set({ market })}
            />
            <Field
              label={t('limit')}
              name="limit"
              type="number"
              inputMode="numeric"
              min={1}
              max={LIMIT_MAX}
              step={1}
              hint={t('limitHint')}
              error={errors.limit}
              value={value.limit}
              onChange={(e) => set({ limit: e.target.value })}
            />
          </div>
        </>
      );
    }
    case 'playbook': {
      const value = form as FormState['playbook'];
      const set = onChange as (change: Partial<FormState['playbook']>) => void;
      const languageLabel: Record<PlaybookLanguage | '', string> = {
        '': t('languageDefault'),
        en: t('languageEn'),
        'zh-Hans': t('languageHans'),
        'zh-Hant': t('languageHant'),
      };
      return (
        <>
          <VideoUrlField value={value.url} error={errors.url} onChange={(url) => set({ url })} />
          <Select
            label={t('language')}
            name="language"
            value={value.language}
            options={(['', ...PLAYBOOK_LANGUAGES] as const).map((language) => ({
              value: language,
              label: languageLabel[language],
            }))}
            onChange={(language) => set({ language })}
          />
        </>
      );
    }
    case 'trends': {
      const value = form as FormState['trends'];
      const set = onChange as (change: Partial<FormState['trends']>) => void;
      return <TrendsFields value={value} errors={errors} set={set} />;
    }
    default: {
      const value = form as FormState['music'];
      const set = onChange as (change: Partial<FormState['music']>) => void;
      return (
        <>
          <VideoUrlField value={value.url} error={errors.url} onChange={(url) => set({ url })} />
          <div className="pg-field-row">
            <Field
              label={t('musicLimit')}
              name="limit"
              type="number"
              inputMode="numeric"
              min={1}
              max={LIMIT_MAX}
              step={1}
              hint={t('musicLimitHint')}
              error={errors.limit}
              value={value.limit}
              onChange={(e) => set({ limit: e.target.value })}
            />
            <label className="check pg-check">
              <input
                type="checkbox"
                name="requireCommercial"
                checked={value.requireCommercial}
                onChange={(e) => set({ requireCommercial: e.target.checked })}
              />
              <span>{t('requireCommercial')}</span>
            </label>
          </div>
        </>
      );
    }
  }
}

/** The trends request: what, where, over which window, in which order. */
function TrendsFields({
  value,
  errors,
  set,
}: {
  value: FormState['trends'];
  errors: FieldErrors;
  set: (change: Partial<FormState['trends']>) => void;
}) {
  const t = useTranslations('playground.form');
  const tt = useTranslations('trends');
  return (
    <>
      <div className="pg-field-row">
        <Select
          label={tt('filters.kind')}
          name="kind"
          value={value.kind}
          options={(['sounds', 'hashtags'] as const).map((kind) => ({
            value: kind,
            label: tt(`kinds.${kind}`),
          }))}
          onChange={(kind) => set({ kind })}
        />
        <Select
          label={t('market')}
          name="market"
          value={value.market}
          options={(['network_a', 'network_b'] as const).map((market) => ({
            value: market,
            label: market === 'network_a' ? t('marketA') : t('marketB'),
          }))}
          onChange={(market) => set({ market })}
        />
      </div>
      <div className="pg-field-row">
        <Select
          label={tt('filters.window')}
          name="window"
          value={value.window}
          options={(['7', '30'] as const).map((window) => ({
            value: window,
            label: tt('windowDays', { days: Number(window) }),
          }))}
          onChange={(window) => set({ window })}
        />
        <Select
          label={tt('filters.stage')}
          name="stage"
          value={value.stage}
          options={(['', 'new', 'rising', 'steady', 'fading'] as const).map((stage) => ({
            value: stage,
            label: stage ? tt(`stages.${stage}`) : tt('filters.anyStage'),
          }))}
          onChange={(stage) => set({ stage })}
        />
        <Select
          label={tt('filters.sort')}
          name="sort"
          value={value.sort}
          options={(['growth', 'volume'] as const).map((sort) => ({
            value: sort,
            label: tt(`sorts.${sort}`),
          }))}
          onChange={(sort) => set({ sort })}
        />
      </div>
      <div className="pg-field-row">
        <Field
          label={tt('filters.limit')}
          name="limit"
          type="number"
          inputMode="numeric"
          min={1}
          max={TRENDS_LIMIT_MAX}
          step={1}
          hint={t('musicLimitHint')}
          error={errors.limit}
          value={value.limit}
          onChange={(e) => set({ limit: e.target.value })}
        />
        {value.kind === 'sounds' ? (
          <label className="check pg-check">
            <input
              type="checkbox"
              name="commercialOnly"
              checked={value.commercialOnly}
              onChange={(e) => set({ commercialOnly: e.target.checked })}
            />
            <span>{t('requireCommercial')}</span>
          </label>
        ) : null}
      </div>
    </>
  );
}

/**
 * One operation's request: its fields (the /v1 body), the price, the run button and, in test
 * mode, the sandbox's examples, each of which fills the form and runs it.
 */
export function RequestForm<Op extends PlaygroundOperation>({
  operation,
  mode,
  form,
  errors,
  priceMicros,
  busy,
  onChange,
  onRun,
  onExample,
}: {
  operation: Op;
  mode: Mode;
  form: FormState[Op];
  errors: FieldErrors;
  /** The run's price for the current fields; null while they are not valid. */
  priceMicros: number | null;
  busy: boolean;
  onChange: (change: Partial<FormState[Op]>) => void;
  onRun: () => void;
  onExample: (example: Example<Op>) => void;
}) {
  const t = useTranslations('playground');
  const examplesId = useId();
  const { usd } = useMoney();
  const label = t(`operations.${operation as PlaygroundOperation}.label`);
  const price = priceMicros === null ? null : usd(priceMicros);

  function submit(event: FormEvent) {
    event.preventDefault();
    onRun();
  }

  return (
    <>
      <form
        className="pg-form"
        noValidate
        aria-label={t('form.fieldsLabel', { operation: label })}
        onSubmit={submit}
      >
        <Fields operation={operation} form={form} errors={errors} onChange={onChange} />
        <div className="pg-run-row">
          <button type="submit" className="button" disabled={busy} data-testid="pg-run">
            {busy
              ? t('form.running')
              : mode === 'live' && price
                ? t('form.runLive', { price })
                : t('form.run', { operation: label })}
          </button>
          <span className="small muted" data-testid="pg-price">
            {price
              ? t(mode === 'live' ? 'form.priceLive' : 'form.priceTest', {
                  price: operation === 'scan' ? t('form.priceMax', { price }) : price,
                })
              : null}
          </span>
        </div>
      </form>
      {mode === 'test' ? (
        <div className="pg-examples" role="group" aria-labelledby={examplesId}>
          <p id={examplesId} className="pg-examples-title">
            {t('form.examples')} <span className="muted small">{t('form.examplesHint')}</span>
          </p>
          <ul className="pg-example-list">
            {EXAMPLES[operation].map((example) => (
              <li key={example.label}>
                <button
                  type="button"
                  className="button secondary small"
                  disabled={busy}
                  onClick={() => onExample(example as Example<Op>)}
                >
                  {t(`examples.${example.label}`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

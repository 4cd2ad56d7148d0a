'use client';

import type { Mode } from '@reelscout/domain/modes';
import { maxCharge } from '@reelscout/domain/prices';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { isBusy, usePlaygroundRuns } from '../../lib/use-playground-runs';
import type { TrendKind, TrendStage, TrendsInput, TrendsResult } from '../../lib/playground-types';
import { useMoney } from '../../lib/use-money';
import { NoAccessPanel } from '../overview/no-access-panel';
import { useAccount } from '../shell/account-context';
import { Alert } from '../ui/alert';
import { ModeSwitch } from '../ui/mode-switch';
import { TrendsList } from './trends-list';

const STAGES: readonly TrendStage[] = ['new', 'rising', 'steady', 'fading'];

/**
 * The Trends page: a network's sounds or hashtags with their stage and daily history, filtered by
 * kind, market, window and stage. Each list is a `POST /v1/trends` run under the account (as the
 * playground runs it), so it costs what the API call costs, in the chosen mode's credit.
 */
export function TrendsView() {
  const t = useTranslations('trends');
  const tc = useTranslations('common');
  const { account } = useAccount();
  const { usd } = useMoney();
  const { runs, start } = usePlaygroundRuns();
  const [mode, setMode] = useState<Mode>('test');
  const [kind, setKind] = useState<TrendKind>('sounds');
  const [market, setMarket] = useState<'network_a' | 'network_b'>('network_a');
  const [window, setWindow] = useState<7 | 30>(7);
  const [stages, setStages] = useState<TrendStage[]>([]);
  const run = runs.trends;
  const busy = isBusy(run);

  if (!account.apiAccess) return <NoAccessPanel />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: TrendsInput = {
      kind,
      market,
      ...(window === 30 ? { window } : {}),
      ...(stages.length ? { stage: stages } : {}),
      limit: 50,
    };
    void start('trends', mode, input);
  }

  const result =
    run?.job?.status === 'succeeded' && run.job.result ? (run.job.result as TrendsResult) : null;
  const failure =
    run?.startError?.message ??
    (run?.job?.status === 'failed' ? run.job.error?.error.message : undefined);

  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
      </div>
      <section className="panel" aria-label={t('filters.label')}>
        <form className="trends-filters" onSubmit={submit} data-testid="trends-filters">
          <ModeSwitch name="trends-mode" value={mode} onChange={setMode} />
          <div className="field">
            <label htmlFor="trends-kind">{t('filters.kind')}</label>
            <select
              id="trends-kind"
              name="kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as TrendKind)}
            >
              <option value="sounds">{t('kinds.sounds')}</option>
              <option value="hashtags">{t('kinds.hashtags')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="trends-market">{t('filters.market')}</label>
            <select
              id="trends-market"
              name="market"
              value={market}
              onChange={(e) => setMarket(e.target.value as 'network_a' | 'network_b')}
            >
              <option value="network_a">network_a</option>
              <option value="network_b">network_b</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="trends-window">{t('filters.window')}</label>
            <select
              id="trends-window"
              name="window"
              value={String(window)}
              onChange={(e) => setWindow(e.target.value === '30' ? 30 : 7)}
            >
              <option value="7">{t('windowDays', { days: 7 })}</option>
              <option value="30">{t('windowDays', { days: 30 })}</option>
            </select>
          </div>
          <fieldset className="radio-group amounts trends-stages">
            <legend>{t('filters.stage')}</legend>
            {STAGES.map((stage) => (
              <label key={stage} className="chip">
                <input
                  type="checkbox"
                  name="stage"
                  value={stage}
                  checked={stages.includes(stage)}
                  onChange={(e) =>
                    setStages((current) =>
                      e.target.checked ? [...current, stage] : current.filter((s) => s !== stage),
                    )
                  }
                />
                <span>{t(`stages.${stage}`)}</span>
              </label>
            ))}
          </fieldset>
          <div className="pg-run-row">
            <button type="submit" className="button" disabled={busy} data-testid="trends-run">
              {busy ? t('loading') : t('filters.run')}
            </button>
            <span className="small muted">
              {t('price', { price: usd(maxCharge('trends')), mode: tc(`modes.${mode}`) })}
            </span>
          </div>
        </form>
      </section>
      <section className="panel" aria-live="polite" data-testid="trends-result">
        {failure ? <Alert tone="error">{t('failed', { message: failure })}</Alert> : null}
        {result ? <TrendsList result={result} /> : null}
      </section>
    </>
  );
}

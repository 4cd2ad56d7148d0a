'use client';

import { maxCharge, OPERATIONS } from '@reelscout/domain/prices';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useMoney, type MoneyFormat } from '../../lib/use-money';
import { useApiBaseUrl } from '../shell/api-address-context';
import {
  buildInput,
  EMPTY_FORMS,
  fieldOfParam,
  runPriceMicros,
  type Example,
  type FieldErrors,
  type FormState,
  type PlaygroundTexts,
} from '../../lib/playground';
import type {
  AnyInput,
  AssistResult,
  Mode,
  MusicResult,
  TrendsResult,
  PlaybookResult,
  PlaygroundOperation,
  ScanResult,
} from '../../lib/playground-types';
import { isBusy, usePlaygroundRuns, type PlaygroundRun } from '../../lib/use-playground-runs';
import { NoAccessPanel } from '../overview/no-access-panel';
import { useAccount } from '../shell/account-context';
import { Modal } from '../ui/modal';
import { panelId, TabList, tabId } from '../ui/tabs';
import { AssistTranscript, type ChatTurn } from './assist-result';
import { CodePanel } from './code-panel';
import { MusicResultView } from './music-result';
import { TrendsList } from '../trends/trends-list';
import { PlaybookResultView } from './playbook-result';
import { RequestForm } from './request-form';
import { RunStatus } from './run-status';
import { ScanResultView } from './scan-result';

function priceLines(
  t: PlaygroundTexts,
  usd: MoneyFormat['usd'],
): { operation: string; price: string }[] {
  return OPERATIONS.map((operation) => ({
    operation: t(`operations.${operation}.label`),
    // The most a run can cost (scan: the default 20 reels), as the API holds it.
    price: usd(maxCharge(operation)),
  }));
}

/** Test or live; choosing live asks first (and says what live runs cost). */
function ModeChoice({
  mode,
  onChange,
  disabled,
}: {
  mode: Mode;
  onChange: (mode: Mode) => void;
  disabled: boolean;
}) {
  const t = useTranslations('playground');
  const [asking, setAsking] = useState(false);
  const { usd } = useMoney();
  const name = useId();
  const titleId = `${name}-live-title`;
  const bodyId = `${name}-live-body`;
  return (
    <>
      <fieldset className="radio-group amounts" disabled={disabled}>
        <legend>{t('mode.legend')}</legend>
        {(['test', 'live'] as const).map((value) => (
          <label key={value} className="chip">
            <input
              type="radio"
              name={name}
              value={value}
              checked={mode === value}
              onChange={() => (value === 'live' ? setAsking(true) : onChange('test'))}
            />
            <span>{value === 'test' ? t('mode.test') : t('mode.live')}</span>
          </label>
        ))}
      </fieldset>
      <p className="small muted" data-testid="pg-mode-note">
        {mode === 'test' ? t('mode.testNote') : t('mode.liveNote')}
      </p>
      <Modal
        open={asking}
        dismissible
        onDismiss={() => setAsking(false)}
        labelledBy={titleId}
        describedBy={bodyId}
      >
        <h2 id={titleId}>{t('mode.confirmTitle')}</h2>
        <p id={bodyId}>{t('mode.confirmBody')}</p>
        <h3 className="small">{t('mode.confirmPrices')}</h3>
        <ul className="plain-list">
          {priceLines(t, usd).map((line) => (
            <li key={line.operation}>
              {t('labelled', { label: line.operation, value: '' })}
              <span className="money">{line.price}</span>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button
            type="button"
            className="button secondary"
            data-autofocus
            onClick={() => setAsking(false)}
          >
            {t('mode.stay')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setAsking(false);
              onChange('live');
            }}
          >
            {t('mode.confirm')}
          </button>
        </div>
      </Modal>
    </>
  );
}

/** Before a live run: its price, and a confirmation. */
function LiveRunConfirm({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: { operation: PlaygroundOperation; input: AnyInput } | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('playground');
  const id = useId();
  const { usd } = useMoney();
  const price = pending ? usd(runPriceMicros(pending.operation, pending.input)) : '';
  const operation = pending ? t(`operations.${pending.operation}.label`) : '';
  return (
    <Modal
      open={pending !== null}
      dismissible
      onDismiss={onCancel}
      labelledBy={`${id}-title`}
      describedBy={`${id}-body`}
    >
      <h2 id={`${id}-title`}>{t('liveConfirm.title', { operation })}</h2>
      <p id={`${id}-body`}>{t('liveConfirm.body', { price })}</p>
      <div className="dialog-actions">
        <button type="button" className="button secondary" data-autofocus onClick={onCancel}>
          {t('liveConfirm.cancel')}
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          {t('liveConfirm.confirm', { price })}
        </button>
      </div>
    </Modal>
  );
}

function ResultView({
  operation,
  run,
  turns,
  onRunScan,
  onNewConversation,
  busy,
}: {
  operation: PlaygroundOperation;
  run: PlaygroundRun | undefined;
  turns: ChatTurn[];
  onRunScan: (query: string) => void;
  onNewConversation: () => void;
  busy: boolean;
}) {
  const t = useTranslations('playground');
  if (operation === 'assist') {
    return (
      <AssistTranscript
        turns={turns}
        onRunScan={onRunScan}
        onNewConversation={onNewConversation}
        busy={busy}
      />
    );
  }
  const job = run?.job;
  if (!run || !job || job.status !== 'succeeded' || job.result_purged || !job.result) {
    return <p className="muted small pg-result-empty">{t('run.idle')}</p>;
  }
  switch (run.operation) {
    case 'scan':
      return <ScanResultView result={job.result as ScanResult} jobId={job.id} mode={run.mode} />;
    case 'playbook':
      return (
        <PlaybookResultView result={job.result as PlaybookResult} jobId={job.id} mode={run.mode} />
      );
    case 'trends':
      return <TrendsList result={job.result as TrendsResult} />;
    default:
      return <MusicResultView result={job.result as MusicResult} jobId={job.id} mode={run.mode} />;
  }
}

function Playground() {
  const t = useTranslations('playground');
  const apiBaseUrl = useApiBaseUrl();
  const [mode, setMode] = useState<Mode>('test');
  const [operation, setOperation] = useState<PlaygroundOperation>('scan');
  const [forms, setForms] = useState<FormState>(EMPTY_FORMS);
  const [errors, setErrors] = useState<Partial<Record<PlaygroundOperation, FieldErrors>>>({});
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [pending, setPending] = useState<{
    operation: PlaygroundOperation;
    input: AnyInput;
  } | null>(null);
  const { runs, start, cancel } = usePlaygroundRuns();
  const applied = useRef(new Set<string>());
  const tabsBase = 'pg-op';

  // Marks when the page answers input (the browser test prints it as time to interactive).
  useEffect(() => {
    performance.mark('playground-interactive');
  }, []);

  // A finished assist run adds its message and the reply (with the decision) to the conversation.
  const assistJob = runs.assist?.job;
  const assistInput = runs.assist?.input as { message: string } | undefined;
  useEffect(() => {
    if (!assistJob || assistJob.status !== 'succeeded' || !assistInput) return;
    if (applied.current.has(assistJob.id)) return;
    applied.current.add(assistJob.id);
    const result = assistJob.result as AssistResult;
    setTurns((previous) => [
      ...previous,
      { role: 'user', text: assistInput.message },
      { role: 'agent', text: result.reply, result, jobId: assistJob.id },
    ]);
    setForms((previous) => ({ ...previous, assist: { message: '' } }));
  }, [assistJob, assistInput]);

  // The API's 400 on a field of `input` is shown beside that field (once per error).
  const shownErrors = useRef(new WeakSet<object>());
  useEffect(() => {
    for (const op of OPERATIONS) {
      const error = runs[op]?.startError;
      if (!error || shownErrors.current.has(error)) continue;
      shownErrors.current.add(error);
      const field = fieldOfParam(op, error.param);
      if (field) {
        setErrors((previous) => ({
          ...previous,
          [op]: { ...previous[op], [field]: error.fieldMessage },
        }));
      }
    }
  }, [runs]);

  const history = turns.map((turn) => ({ role: turn.role, text: turn.text }));

  const run = useCallback(
    (op: PlaygroundOperation, formsNow: FormState, historyNow = history) => {
      const built = buildInput(op, formsNow, t, historyNow);
      if (!built.ok) {
        setErrors((previous) => ({ ...previous, [op]: built.errors }));
        return;
      }
      setErrors((previous) => ({ ...previous, [op]: {} }));
      if (mode === 'live') setPending({ operation: op, input: built.input });
      else void start(op, mode, built.input);
    },
    [history, t, mode, start],
  );

  function change<Op extends PlaygroundOperation>(op: Op, patch: Partial<FormState[Op]>) {
    setForms((previous) => ({ ...previous, [op]: { ...previous[op], ...patch } }));
  }

  function example<Op extends PlaygroundOperation>(op: Op, chosen: Example<Op>) {
    const next = { ...forms, [op]: { ...forms[op], ...chosen.form } };
    setForms(next);
    if (op === 'assist' && chosen.freshConversation) {
      setTurns([]);
      run(op, next, []);
    } else run(op, next);
  }

  function runScan(query: string) {
    const next: FormState = { ...forms, scan: { ...forms.scan, query, market: 'auto' } };
    setForms(next);
    setOperation('scan');
    run('scan', next);
  }

  const current = runs[operation];
  // A run disables the button that started it (or, from "run this scan", replaces the panel):
  // keyboard focus moves to the run's status instead of falling back to the page.
  const runHeading = useRef<HTMLHeadingElement>(null);
  const startedRun = current && !current.job && !current.startError ? current : undefined;
  useEffect(() => {
    if (startedRun) runHeading.current?.focus();
  }, [startedRun]);
  const busy = isBusy(current);
  const built = buildInput(operation, forms, t, history);
  const codeInput = current?.input ?? (built.ok ? built.input : null);
  const priceMicros = built.ok ? runPriceMicros(operation, built.input) : null;

  return (
    <>
      <section className="panel pg-setup" aria-label={t('mode.legend')}>
        <ModeChoice
          mode={mode}
          onChange={setMode}
          disabled={OPERATIONS.some((op) => isBusy(runs[op]))}
        />
      </section>
      <TabList
        base={tabsBase}
        label={t('page.operationsLabel')}
        items={OPERATIONS.map((op) => ({
          key: op,
          label: (
            <>
              {t(`operations.${op}.label`)}
              {isBusy(runs[op]) ? <span className="pg-dot" aria-hidden="true" /> : null}
            </>
          ),
        }))}
        selected={operation}
        onSelect={setOperation}
        className="pg-op-tabs"
      />
      <div
        role="tabpanel"
        id={panelId(tabsBase, operation)}
        aria-labelledby={tabId(tabsBase, operation)}
        data-operation={operation}
        data-testid="pg-panel"
      >
        <div className="pg-workspace">
          <section className="panel pg-request" aria-labelledby="pg-request-heading">
            <h2 id="pg-request-heading">
              <code>POST /v1/{operation}</code>
            </h2>
            <p className="small muted">{t(`operations.${operation}.blurb`)}</p>
            <RequestForm
              key={operation}
              operation={operation}
              mode={mode}
              form={forms[operation]}
              errors={errors[operation] ?? {}}
              priceMicros={priceMicros}
              busy={busy}
              onChange={(patch) => change(operation, patch)}
              onRun={() => run(operation, forms)}
              onExample={(chosen) => example(operation, chosen)}
            />
          </section>
          <section className="panel pg-run" aria-labelledby="pg-run-heading">
            <h2 id="pg-run-heading" ref={runHeading} tabIndex={-1}>
              {t('run.heading')}
            </h2>
            <RunStatus run={current} onCancel={() => void cancel(operation)} />
            <h2 className="pg-code-heading">{t('code.heading')}</h2>
            <CodePanel
              operation={operation}
              input={codeInput}
              mode={current?.mode ?? mode}
              baseUrl={apiBaseUrl}
            />
          </section>
        </div>
        <section
          className="panel pg-result"
          aria-labelledby="pg-result-heading"
          data-testid="pg-result"
          data-job-id={current?.job?.id}
          data-status={current?.job?.status}
        >
          <h2 id="pg-result-heading">
            {operation === 'assist'
              ? t('assist.transcriptLabel')
              : operation === 'scan'
                ? t('scan.heading')
                : operation === 'playbook'
                  ? t('operations.playbook.label')
                  : operation === 'trends'
                    ? t('operations.trends.label')
                    : t('music.heading')}
          </h2>
          <ResultView
            operation={operation}
            run={current}
            turns={turns}
            onRunScan={runScan}
            onNewConversation={() => setTurns([])}
            busy={isBusy(runs.scan)}
          />
        </section>
      </div>
      <LiveRunConfirm
        pending={pending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) void start(pending.operation, 'live', pending.input);
          setPending(null);
        }}
      />
    </>
  );
}

export function PlaygroundView() {
  const { account } = useAccount();
  const t = useTranslations('playground.page');
  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
        {account.apiAccess ? <p className="muted">{t('intro')}</p> : null}
      </div>
      {account.apiAccess ? <Playground /> : <NoAccessPanel />}
    </>
  );
}

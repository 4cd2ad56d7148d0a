import { metrics } from './metrics';
import { SpanKind, contextOf, inSpan, linkTo } from './tracing';

/**
 * The calls other modules make into metrics and traces, one line at each seam (docs/operations.md
 * lists them): each records bounded labels only and adds the span of its step when tracing is on.
 */

const seconds = (ms: number) => ms / 1000;

/** A DomainError-like refusal or failure: its stable code and HTTP status. */
interface Coded {
  code?: unknown;
  status?: unknown;
}

/** A paid call refused before its job existed (400, 402, a full queue's 429, 503). */
export function recordRefusedCall(operation: string, mode: string, error: unknown): void {
  const { code, status } = (error ?? {}) as Coded;
  if (typeof status !== 'number' || typeof code !== 'string') return; // not an answer: a bug or a replay
  metrics.operationCalls.inc({ operation, mode, outcome: 'refused' });
  if (status === 402) metrics.paymentRequired.inc({ reason: code });
}

interface SettlingJob {
  operation: string;
  mode: string;
}
interface SettlingEnding {
  kind: 'succeeded' | 'failed' | 'canceled';
  error?: Coded;
}

/**
 * A job's settlement (the `job.settle` span): counts the call's outcome, its duration and its
 * charge once the settlement statement has ended the job (null: another attempt holds it, nothing
 * is counted).
 */
export function observeSettlement<S extends { captured: { charged: number } | null } | null>(
  job: SettlingJob,
  ending: SettlingEnding,
  usage: { durationMs: number },
  settle: () => Promise<S>,
): Promise<S> {
  return inSpan(
    'job.settle',
    { attributes: { 'reelscout.operation': job.operation, 'reelscout.outcome': ending.kind } },
    async () => {
      const settled = await settle();
      if (settled) recordEnded(job, ending, usage.durationMs, settled.captured?.charged ?? 0);
      return settled;
    },
  );
}

/** A queued job that ended without starting (canceled or expired in the queue). */
export function recordQueuedEnding(job: SettlingJob, event: 'cancel' | 'expire'): void {
  metrics.operationCalls.inc({
    operation: job.operation,
    mode: job.mode,
    outcome: event === 'cancel' ? 'canceled' : 'failed',
  });
}

function recordEnded(
  job: SettlingJob,
  ending: SettlingEnding,
  durationMs: number,
  charged: number,
) {
  const { operation, mode } = job;
  metrics.operationCalls.inc({ operation, mode, outcome: ending.kind });
  metrics.operationDuration.observe({ operation, mode }, seconds(durationMs));
  if (charged > 0) metrics.chargedMicros.inc({ operation, mode }, charged);
  const { code, status } = ending.error ?? {};
  if (status === 402 && typeof code === 'string') metrics.paymentRequired.inc({ reason: code });
}

/**
 * One attempt of a queued job in a worker (the `job.attempt` span, a child of the trace that
 * queued it): its wait in the queue and its run time.
 */
export function observeQueuedAttempt<T>(
  row: {
    operation: string;
    mode: string;
    attempt: number;
    created_at: Date;
    trace_parent?: string | null;
  },
  queue: string,
  run: () => Promise<T>,
): Promise<T> {
  const { operation, mode } = row;
  metrics.jobWait.observe(
    { queue, mode },
    seconds(Math.max(0, Date.now() - row.created_at.getTime())),
  );
  const started = performance.now();
  return inSpan(
    'job.attempt',
    {
      kind: SpanKind.CONSUMER,
      parent: contextOf(row.trace_parent),
      attributes: {
        'reelscout.operation': operation,
        'reelscout.mode': mode,
        'reelscout.attempt': row.attempt,
      },
    },
    run,
  ).finally(() =>
    metrics.jobRun.observe({ queue, operation }, seconds(performance.now() - started)),
  );
}

/** One request to the video-data provider (the `provider.request` span), with its outcome. */
export async function observeProviderRequest<T>(
  provider: string,
  endpoint: string,
  send: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  let outcome = 'ok';
  try {
    return await inSpan(
      'provider.request',
      {
        kind: SpanKind.CLIENT,
        attributes: { 'reelscout.provider': provider, 'reelscout.endpoint': endpoint },
      },
      send,
    );
  } catch (error) {
    const kind = (error as { kind?: unknown } | null)?.kind;
    outcome = typeof kind === 'string' ? kind : 'error';
    throw error;
  } finally {
    metrics.providerRequests.inc({ provider, endpoint, outcome });
    metrics.providerDuration.observe({ provider, endpoint }, seconds(performance.now() - started));
  }
}

/** One language-model call (the `llm.call` span): its outcome and latency. */
export async function observeLlmCall<T>(model: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome = 'ok';
  try {
    return await inSpan(
      'llm.call',
      { kind: SpanKind.CLIENT, attributes: { 'reelscout.model': model } },
      call,
    );
  } catch (error) {
    outcome = 'error';
    throw error;
  } finally {
    metrics.llmCalls.inc({ model, outcome });
    metrics.llmDuration.observe({ model }, seconds(performance.now() - started));
  }
}

/** A completion's token usage. */
export function recordLlmTokens(
  model: string,
  usage: { prompt_tokens?: number; completion_tokens?: number } | undefined,
): void {
  if (usage?.prompt_tokens) metrics.llmTokens.inc({ model, kind: 'prompt' }, usage.prompt_tokens);
  if (usage?.completion_tokens) {
    metrics.llmTokens.inc({ model, kind: 'completion' }, usage.completion_tokens);
  }
}

/** A delivery's payload: JSON text as stored, or already parsed. */
function parsed(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

/** Finds the `traceparent` of the job a webhook event is about (set up by ObservabilityService). */
let jobTraceOf: (payload: unknown) => Promise<string | null> = async () => null;

export function setJobTraceLookup(lookup: (payload: unknown) => Promise<string | null>): void {
  jobTraceOf = lookup;
}

/** One webhook delivery attempt (the `webhook.deliver` span, linked to its job's trace). */
export async function observeWebhookAttempt<T>(
  delivery: { payload: unknown },
  send: () => Promise<T>,
): Promise<T> {
  const traceparent = await jobTraceOf(delivery.payload).catch(() => null);
  return inSpan(
    'webhook.deliver',
    { kind: SpanKind.PRODUCER, parent: contextOf(null), links: linkTo(traceparent) },
    send,
  );
}

/** An attempt's recorded result; a success's lag from the event (the payload's `timestamp`). */
export function recordWebhookAttempt(
  kind: 'succeeded' | 'retry' | 'failed',
  delivery: { payload: unknown },
  attemptedAt: Date,
): void {
  metrics.webhookDeliveries.inc({ outcome: kind });
  if (kind !== 'succeeded') return;
  const payload = parsed(delivery.payload) as { timestamp?: unknown } | null;
  const at = typeof payload?.timestamp === 'string' ? Date.parse(payload.timestamp) : NaN;
  if (Number.isFinite(at)) {
    metrics.webhookLag.observe(seconds(Math.max(0, attemptedAt.getTime() - at)));
  }
}

/** A claimed watch slot: how late after its scheduled time its run is being started. */
export function recordWatchSlotLag(scheduledAt: Date | null, now: Date): void {
  if (!scheduledAt) return;
  metrics.watchSlotLag.observe(seconds(Math.max(0, now.getTime() - scheduledAt.getTime())));
}

/** What a claimed watch slot came to (queued, paused, skipped). */
export function recordWatchRun(outcome: string): void {
  metrics.watchRuns.inc({ outcome });
}

/** Redis clients whose connection the `reelscout_redis_up` gauge reports. */
export const redisClients = new Map<string, { status: string }>();

export function watchRedis(name: string, client: { status: string }): void {
  redisClients.set(name, client);
}

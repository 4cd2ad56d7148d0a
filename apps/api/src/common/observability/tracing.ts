import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  context,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';

/**
 * Our own spans (the job's attempt in a worker, provider and LLM calls, the settlement, a
 * webhook delivery) through the OpenTelemetry API. With no SDK started (no
 * OTEL_EXPORTER_OTLP_ENDPOINT) the API is a no-op: spans are not recorded and cost next to
 * nothing. `startTracing` (tracing-sdk.ts) registers the SDK before the app loads.
 */
const tracer = () => trace.getTracer('reelscout');

let started = false;

/** Whether the SDK was started in this process (lookups that only feed spans run only then). */
export function isTracing(): boolean {
  return started;
}

/** Called by `startTracing` once the SDK is registered. */
export function markTracingStarted(on = true): void {
  started = on;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The active span's W3C `traceparent`, or null when nothing is traced. */
export function currentTraceparent(): string | null {
  const span = trace.getActiveSpan();
  if (!span) return null;
  const ctx = span.spanContext();
  if (!trace.isSpanContextValid(ctx)) return null;
  const flags = (ctx.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
  return `00-${ctx.traceId}-${ctx.spanId}-${flags}`;
}

/** A context whose parent is the span `traceparent` names (the root context when it is unset). */
export function contextOf(traceparent: string | null | undefined): Context {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: match[1],
    spanId: match[2],
    traceFlags: parseInt(match[3], 16),
    isRemote: true,
  });
}

/** A link to the span `traceparent` names, or none. */
export function linkTo(traceparent: string | null | undefined): Link[] {
  const span = trace.getSpan(contextOf(traceparent));
  return span ? [{ context: span.spanContext() }] : [];
}

export interface SpanOptions {
  attributes?: Attributes;
  kind?: SpanKind;
  links?: Link[];
  /** The parent; absent, the active context's span. */
  parent?: Context;
}

/** Runs `work` inside a new active span, ended (with an error status if it throws) when done. */
export function inSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: options.attributes,
      links: options.links,
    },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** `trace_id` and `span_id` of the active span, for log lines; empty when nothing is traced. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const ctx = span.spanContext();
  if (!trace.isSpanContextValid(ctx)) return {};
  return { trace_id: ctx.traceId, span_id: ctx.spanId };
}

export { SpanKind };

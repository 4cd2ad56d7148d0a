import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { markTracingStarted } from './tracing';

/** The longest attribute value a span keeps (longer strings are cut to this length). */
export const SPAN_ATTRIBUTE_MAX_CHARS = 1_024;

/** What starts the tracing SDK: the validated settings, or a test's own exporter. */
export interface TracingOptions {
  /** OTLP/HTTP collector; traces go to `<endpoint>/v1/traces`. */
  endpoint?: string;
  serviceName: string;
  /** The share of new traces recorded (default all); a child follows its parent. */
  sampleRatio?: number;
  /** Tests: spans go here (synchronously) instead of to a collector. */
  exporter?: SpanExporter;
}

export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Starts OpenTelemetry (the Node SDK with the http, pg, ioredis and undici instrumentations:
 * fetch in Node is undici) when there is somewhere to send spans, else does nothing and loads
 * nothing. Must run before the app's modules are loaded, so the instrumentations wrap them;
 * main.ts calls it first.
 *
 * An incoming request's server span is opened by our HTTP middleware (http-metrics.middleware.ts),
 * not by the http and express instrumentations: it continues the caller's `traceparent` and is
 * named by the route template, which is what those two gave, at about three fifths of their
 * cost per call (docs/architecture.md, "Our middleware opens the request's server span"; the
 * figures in docs/performance.md). The http instrumentation still traces outgoing calls made
 * with node:http (Stripe's SDK).
 */
export async function startTracing(options: TracingOptions): Promise<Tracing | null> {
  if (!options.endpoint && !options.exporter) return null;
  const [{ NodeSDK }, base, http, pg, ioredis, undici] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  let processor: SpanProcessor;
  if (options.exporter) {
    processor = new base.SimpleSpanProcessor(options.exporter);
  } else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
    const url = `${options.endpoint!.replace(/\/+$/, '')}/v1/traces`;
    processor = new base.BatchSpanProcessor(new OTLPTraceExporter({ url }));
  }
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: [processor],
    // Traces only. Left unset, the SDK would also build an OTLP metrics pipeline (which the http
    // instrumentation then feeds on every request) and an OTLP logs one: metrics are Prometheus's
    // (metrics.ts) and logs are pino's, so neither is wanted.
    metricReaders: [],
    logRecordProcessors: [],
    // A pg span's statement text is ours and can run to kilobytes (named statements with CTEs);
    // its name already says which statement it is, so the text is cut to keep every span small.
    spanLimits: { attributeValueLengthLimit: SPAN_ATTRIBUTE_MAX_CHARS },
    sampler: new base.ParentBasedSampler({
      root: new base.TraceIdRatioBasedSampler(options.sampleRatio ?? 1),
    }),
    instrumentations: [
      new http.HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      // Queries, not the pool's connects (the pool's gauges show waiting for a connection).
      new pg.PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
      new undici.UndiciInstrumentation(),
    ],
  });
  sdk.start();
  markTracingStarted();
  return {
    shutdown: async () => {
      markTracingStarted(false);
      await sdk.shutdown();
    },
  };
}

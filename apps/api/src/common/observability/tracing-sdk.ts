import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { markTracingStarted } from './tracing';

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
 * Starts OpenTelemetry (the Node SDK with the http, express, pg, ioredis and undici
 * instrumentations: fetch in Node is undici) when there is somewhere to send spans, else does
 * nothing and loads nothing. Must run before the app's modules are loaded, so the
 * instrumentations wrap them; main.ts calls it first.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing | null> {
  if (!options.endpoint && !options.exporter) return null;
  const [{ NodeSDK }, base, http, express, pg, ioredis, undici] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
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
    sampler: new base.ParentBasedSampler({
      root: new base.TraceIdRatioBasedSampler(options.sampleRatio ?? 1),
    }),
    instrumentations: [
      new http.HttpInstrumentation({
        // Scrapes and health checks are not traffic worth a trace.
        ignoreIncomingRequestHook: (req) => /^\/(metrics|health)\b/.test(req.url ?? ''),
      }),
      // The handler's span only (the server span gets the route): a span per middleware or
      // router layer would cost more than it shows.
      new express.ExpressInstrumentation({
        ignoreLayersType: [express.ExpressLayerType.MIDDLEWARE, express.ExpressLayerType.ROUTER],
      }),
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

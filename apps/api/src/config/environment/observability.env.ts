import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { blankToUndefined, toBoolean } from './transforms';
import { MediaEnvironment } from './media.env';

/** Prometheus metrics, the money audit and OpenTelemetry traces (docs/operations.md). */
export class ObservabilityEnvironment extends MediaEnvironment {
  /** Serve Prometheus metrics on their own listener (METRICS_HOST:METRICS_PORT). */
  @Transform(toBoolean)
  @IsBoolean()
  METRICS_ENABLED: boolean = true;

  /** The metrics listener's address: loopback by default, so nothing is public. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() === '' ? '127.0.0.1' : value,
  )
  @IsString()
  METRICS_HOST: string = '127.0.0.1';

  /** The metrics listener's port (0: any free port). A separate worker process needs its own. */
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT: number = 9464;

  /** How often the money audit checks a batch of balances (0: never). */
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  MONEY_AUDIT_INTERVAL_MS: number = 60_000;

  /** Balance rows one audit run checks; the next run goes on from where it stopped. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  MONEY_AUDIT_BATCH: number = 500;

  /** OTLP/HTTP collector (e.g. http://tempo:4318). Unset: no tracing at all. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  /**
   * The share of new traces recorded (0 to 1); a trace started elsewhere (a job's request) follows
   * its parent's choice, so a call's trace is whole or absent.
   */
  @IsNumber()
  @Min(0)
  @Max(1)
  OTEL_TRACES_SAMPLE_RATIO: number = 1;

  /** The service name traces carry (the worker process adds `-worker`). */
  @IsString()
  OTEL_SERVICE_NAME: string = 'reelscout';
}

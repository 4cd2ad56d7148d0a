import { Transform } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { parseOutboundAllowance } from '@reelscout/domain';
import { blankToUndefined } from './transforms';
import { JobsEnvironment } from './jobs.env';

/** Why an `OUTBOUND_ALLOW_PRIVATE_HOSTS` value cannot be used, or `null` when it can. */
function egressAllowanceProblem(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    parseOutboundAllowance(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * OpenAI's gpt-4o transcribe models answer only json/text, never `verbose_json` with the segment
 * timestamps the transcription path asks for (the API refuses such a request).
 */
const NON_SEGMENT_TRANSCRIPTION_MODEL = /^gpt-4o(-mini)?-transcribe(-|$)/i;

/** The video-data provider, the LLM, the sandbox, and outbound requests. */
export class ProvidersEnvironment extends JobsEnvironment {
  // --- providers: video data, LLM, sandbox ---
  /** TikHub-compatible video-data API (live keys only), e.g. https://api.tikhub.io. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  VIDEO_PROVIDER_BASE_URL?: string;

  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  VIDEO_PROVIDER_API_KEY?: string;

  /** Per-request timeout for the video-data API. */
  @IsInt()
  @Min(1000)
  @Max(300_000)
  VIDEO_PROVIDER_TIMEOUT_MS: number = 30_000;

  /** Timeout for one media download (video or audio file). */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  VIDEO_PROVIDER_DOWNLOAD_TIMEOUT_MS: number = 120_000;

  /** Retries after a 429, 5xx or network error (never after another 4xx). */
  @IsInt()
  @Min(0)
  @Max(5)
  VIDEO_PROVIDER_MAX_RETRIES: number = 2;

  /** Consecutive failures of one endpoint that open its circuit breaker. */
  @IsInt()
  @Min(1)
  @Max(100)
  VIDEO_PROVIDER_BREAKER_THRESHOLD: number = 5;

  /** How long an open circuit rejects calls before letting one trial call through. */
  @IsInt()
  @Min(100)
  @Max(600_000)
  VIDEO_PROVIDER_BREAKER_COOLDOWN_MS: number = 30_000;

  /**
   * Region of network_a's market (ISO 3166-1 alpha-2) sent to the provider's network_a search,
   * sound search and sound chart (`region` / `country_code`).
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @Matches(/^[A-Z]{2}$/, {
    message: 'VIDEO_PROVIDER_REGION must be a two-letter country code such as US or GB',
  })
  VIDEO_PROVIDER_REGION: string = 'US';

  /**
   * Requests per second to the video-data provider, per provider key, shared by every instance
   * (through Redis when REDIS_URL is set). The provider's published limit is 10.
   */
  @IsInt()
  @Min(1)
  @Max(100)
  VIDEO_PROVIDER_RATE_PER_SECOND: number = 10;

  /** OpenAI (or compatible) API key for live keys. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  OPENAI_BASE_URL: string = 'https://api.openai.com/v1';

  /** Model for structured text answers (intent, scan planning, relevance). */
  @IsString()
  @MinLength(1)
  LLM_MODEL: string = 'gpt-4o-mini';

  /** Model for answers that look at video frames (playbook). */
  @IsString()
  @MinLength(1)
  LLM_VISION_MODEL: string = 'gpt-4o-mini';

  /**
   * Transcription model. Must answer `response_format: "verbose_json"` with segment timestamps:
   * OpenAI's whisper-1, or a Whisper model on an OpenAI-compatible server (any name not known to
   * lack them is accepted). OpenAI's gpt-4o transcribe models are refused at start-up.
   */
  @IsString()
  @MinLength(1)
  @ValidateBy({
    name: 'segmentTranscriptionModel',
    validator: {
      validate: (value: unknown) =>
        typeof value !== 'string' || !NON_SEGMENT_TRANSCRIPTION_MODEL.test(value.trim()),
      defaultMessage: (args) =>
        `LLM_TRANSCRIPTION_MODEL=${String(args?.value)} cannot be used: transcription needs ` +
        'response_format "verbose_json" (timestamped segments), which the gpt-4o-transcribe, ' +
        'gpt-4o-mini-transcribe and gpt-4o-transcribe-diarize models do not support. Use ' +
        'whisper-1, or a Whisper model served by an OpenAI-compatible server.',
    },
  })
  LLM_TRANSCRIPTION_MODEL: string = 'whisper-1';

  /**
   * Overall deadline of one LLM call, the SDK's retries included. The SDK's own per-attempt
   * timeout is this, less its backoffs between attempts, divided by (LLM_MAX_RETRIES + 1), so a
   * timed-out attempt is retried within the same deadline (`perAttemptTimeoutMs` in
   * providers/live/openai-llm.provider.ts).
   */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  LLM_TIMEOUT_MS: number = 60_000;

  /**
   * Retries the OpenAI SDK makes itself on 429/5xx/connection errors and timed-out attempts, all
   * within LLM_TIMEOUT_MS.
   */
  @IsInt()
  @Min(0)
  @Max(5)
  LLM_MAX_RETRIES: number = 1;

  /** Where rendered sandbox media (test mode) is cached. */
  @IsString()
  @MinLength(1)
  SANDBOX_MEDIA_DIR: string = '.data/sandbox-media';

  /** How long the sandbox's slow-provider magic ids and phrases stall (longer than any deadline). */
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  SANDBOX_SLOW_DELAY_MS: number = 330_000;

  // --- egress: outbound requests to URLs we did not write ---
  /**
   * Private destinations the egress guard may connect to anyway: comma-separated host names and
   * addresses or CIDR ranges (`media.internal,10.20.0.0/16,127.0.0.1`). Empty (the default): only
   * public unicast addresses on default ports. For test rigs and on-premise mirrors; start-up
   * logs a warning naming it when set.
   */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @ValidateBy({
    name: 'egressAllowance',
    validator: {
      validate: (value: unknown) => egressAllowanceProblem(value) === null,
      defaultMessage: (args) => egressAllowanceProblem(args?.value) ?? '',
    },
  })
  OUTBOUND_ALLOW_PRIVATE_HOSTS: string = '';
}

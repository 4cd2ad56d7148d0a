import { Core, type RequestOptions, type WithResponse } from './core';
import { Jobs } from './resources/jobs';
import { WebhookEndpoints } from './resources/webhook-endpoints';
import { Webhooks } from './resources/webhooks';
import type {
  AssistRequest,
  AssistResponse,
  Balance,
  MusicRequest,
  MusicResponse,
  PlaybookRequest,
  PlaybookResponse,
  ScanRequest,
  ScanResponse,
} from './types';

export interface ClientOptions {
  /** `rs_live_…` or `rs_test_…`. Default: `REELSCOUT_API_KEY` (where there is a `process.env`). */
  apiKey?: string;
  /** Default: `REELSCOUT_BASE_URL`, else `http://localhost:4000` (what `npm start` serves). */
  baseURL?: string;
  /** Milliseconds per attempt. Default 330 000: the longest operation deadline (300 s) and a margin. */
  timeout?: number;
  /** Retries after the first attempt (429, 409 `idempotency_key_in_use`, 5xx, network). Default 2. */
  maxRetries?: number;
  /** Default `x-subject` of every call (your end customer). */
  subject?: string;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  defaultHeaders?: Record<string, string>;
}

export const DEFAULT_BASE_URL = 'http://localhost:4000';
export const DEFAULT_TIMEOUT_MS = 330_000;
export const DEFAULT_MAX_RETRIES = 2;

/** The environment variable `name`, on runtimes that have a `process.env` (Node, Bun; Deno's shim). */
function readEnv(name: string): string | undefined {
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
      ?.env;
    const value = env?.[name]?.trim();
    return value ? value : undefined;
  } catch {
    // Deno without --allow-env throws on access.
    return undefined;
  }
}

/**
 * The Reelscout API client.
 *
 * ```ts
 * const client = new Reelscout({ apiKey: process.env.REELSCOUT_API_KEY });
 * const scan = await client.scan({ query: 'home espresso', limit: 5 });
 * console.log(scan.reels.length, scan.lastResponse.chargedUsd);
 * ```
 */
export class Reelscout {
  readonly jobs: Jobs;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly webhooks: Webhooks;
  readonly balance: { get(options?: RequestOptions): Promise<WithResponse<Balance>> };
  readonly #core: Core;

  constructor(options: ClientOptions = {}) {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') {
      throw new Error('No global fetch: pass `fetch` to new Reelscout() (Node ≥ 20 has one).');
    }
    this.#core = new Core({
      apiKey: options.apiKey ?? readEnv('REELSCOUT_API_KEY'),
      baseURL: options.baseURL ?? readEnv('REELSCOUT_BASE_URL') ?? DEFAULT_BASE_URL,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      subject: options.subject,
      // Called unbound: some runtimes' fetch refuses another `this`.
      fetch: (input, init) => fetchImpl(input, init),
      defaultHeaders: options.defaultHeaders ?? {},
    });
    this.jobs = new Jobs(this.#core);
    this.webhookEndpoints = new WebhookEndpoints(this.#core);
    this.webhooks = new Webhooks();
    const core = this.#core;
    this.balance = {
      get: (requestOptions?: RequestOptions) =>
        core.request<Balance>({ method: 'GET', path: '/v1/balance', options: requestOptions }),
    };
  }

  /** The base URL requests go to. */
  get baseURL(): string {
    return this.#core.options.baseURL;
  }

  /** Chat assistant: a reply, and a ready-to-scan brief when the message asks for reels. */
  assist(body: AssistRequest, options?: RequestOptions): Promise<WithResponse<AssistResponse>> {
    return this.operation('assist', body, options);
  }

  /** The top reels of a niche, a product or competitors' handles. */
  scan(body: ScanRequest, options?: RequestOptions): Promise<WithResponse<ScanResponse>> {
    return this.operation('scan', body, options);
  }

  /** A shoot-ready plan from one video link. */
  playbook(
    body: PlaybookRequest,
    options?: RequestOptions,
  ): Promise<WithResponse<PlaybookResponse>> {
    return this.operation('playbook', body, options);
  }

  /** Sounds that fit one video, best first. */
  music(body: MusicRequest, options?: RequestOptions): Promise<WithResponse<MusicResponse>> {
    return this.operation('music', body, options);
  }

  private operation<T>(
    name: string,
    body: unknown,
    options: RequestOptions | undefined,
  ): Promise<WithResponse<T>> {
    return this.#core.request<T>({ method: 'POST', path: `/v1/${name}`, body, options });
  }
}

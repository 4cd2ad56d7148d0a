/**
 * The Reelscout MCP server: thirteen tools over the typed SDK. Built on the low-level `Server` so
 * each tool's input schema is the plain JSON Schema generated from the API's own DTOs
 * (`generated/tool-schemas.json`), and arguments go to the API untouched: the API validates
 * them, and its 400 (with `param`) is the tool's answer.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import generatedSchemas from './generated/tool-schemas.json';
import { TOOL_DESCRIPTIONS, TOOL_TITLES } from './descriptions';
import type { ToolName, ToolSchemas } from './schemas';
import { TOOL_NAMES } from './schemas';
import { summarize } from './summaries';

export type Body = Record<string, unknown>;
export type LongOperation = 'scan' | 'playbook' | 'music';

/** Per-request options the SDK takes (`idempotencyKey`, `subject`, `signal`, `timeout`, `headers`…). */
export type RequestOptions = Record<string, unknown> & { signal?: AbortSignal; timeout?: number };

/**
 * What the server needs of a client: `Reelscout` from `@reelscout/sdk` has this shape. Results
 * may carry the SDK's non-enumerable `lastResponse` (request id, charge, balance, job id).
 */
export interface ReelscoutMcpClient {
  assist(body: Body, options?: RequestOptions): Promise<unknown>;
  scan(body: Body, options?: RequestOptions): Promise<unknown>;
  playbook(body: Body, options?: RequestOptions): Promise<unknown>;
  music(body: Body, options?: RequestOptions): Promise<unknown>;
  trends: { list(body: Body, options?: RequestOptions): Promise<unknown> };
  jobs: {
    create(operation: LongOperation, body: Body, options?: RequestOptions): Promise<unknown>;
    get(id: string, options?: RequestOptions): Promise<unknown>;
    cancel(id: string, options?: RequestOptions): Promise<unknown>;
  };
  balance: { get(options?: RequestOptions): Promise<unknown> };
  watches: {
    create(body: Body, options?: RequestOptions): Promise<unknown>;
    list(params: Body, options?: RequestOptions): Promise<unknown>;
    get(id: string, options?: RequestOptions): Promise<unknown>;
    run(id: string, options?: RequestOptions): Promise<unknown>;
    snapshots(id: string, params: Body, options?: RequestOptions): Promise<unknown>;
    posts(id: string, params: Body, options?: RequestOptions): Promise<unknown>;
  };
  usage: { list(params: Body, options?: RequestOptions): Promise<unknown> };
}

export interface CreateReelscoutMcpServerOptions {
  client: ReelscoutMcpClient;
  /** Merged into every SDK call (e.g. `headers: { 'x-request-id': … }`). */
  requestOptions?: () => RequestOptions;
  /** Longest wait between two polls of a job (default 2000 ms; the first polls come sooner). */
  pollIntervalMs?: number;
  /** How long a tool waits for a job before answering with its id (default 15 min). */
  jobWaitTimeoutMs?: number;
  /** The SDK timeout of a synchronous scan, playbook or music call (default 10 min). */
  longCallTimeoutMs?: number;
  /** Overrides the committed schemas (tests). */
  schemas?: Record<ToolName, ToolSchemas>;
  name?: string;
  version?: string;
}

const LONG: ReadonlySet<string> = new Set<LongOperation>(['scan', 'playbook', 'music']);
const READ_ONLY: ReadonlySet<string> = new Set<ToolName>([
  'get_job',
  'get_balance',
  'list_watches',
  'get_usage',
  'get_creator_report',
]);
const DAY_MS = 86_400_000;
const FINAL = new Set(['succeeded', 'failed', 'canceled']);

interface JobLike {
  object: 'job';
  id: string;
  operation?: string;
  status: string;
  progress?: number | null;
  result?: unknown;
  error?: {
    error?: { code?: string; message?: string; param?: string; requestId?: string };
  } | null;
  http_status?: number | null;
  billing?: { charged_usd?: string | null; balance_usd?: string | null } | null;
  livemode?: boolean;
}

interface ApiErrorLike {
  status?: number;
  code?: string;
  message: string;
  param?: string;
  requestId?: string;
}

/** What the SDK hangs on a result: `lastResponse` (non-enumerable). */
interface LastResponse {
  requestId?: string;
  chargedUsd?: string;
  balanceUsd?: string;
  jobId?: string;
}

function isJob(value: unknown): value is JobLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { object?: unknown }).object === 'job' &&
    typeof (value as { id?: unknown }).id === 'string'
  );
}

/** A job's progress (0–1 on the wire; a 0–100 value is taken as a percentage) as 0–100. */
export function progressPercent(progress: number | null | undefined): number {
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return 0;
  const percent = progress <= 1 ? progress * 100 : progress;
  return Math.max(0, Math.min(100, Math.round(percent)));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A tool error: the API's code, message and param, as text and as structured content. */
export function toolError(error: ApiErrorLike): CallToolResult {
  const body = {
    code: error.code ?? 'api_error',
    message: error.message,
    ...(error.param !== undefined ? { param: error.param } : {}),
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
  };
  const head = error.status !== undefined ? `${error.status} ${body.code}` : body.code;
  const param = error.param !== undefined ? ` (param: ${error.param})` : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `Reelscout API error ${head}: ${error.message}${param}` }],
    structuredContent: { error: body },
  };
}

/** Any thrown value as the API error it stands for (a ReelscoutError, or a failure to reach the API). */
function asApiError(error: unknown): ApiErrorLike {
  if (typeof error === 'object' && error !== null) {
    const e = error as Partial<ApiErrorLike> & { name?: string };
    if (typeof e.code === 'string' || typeof e.status === 'number') {
      return {
        status: e.status,
        code: e.code,
        message: e.message ?? 'The Reelscout API refused the call.',
        param: e.param ?? undefined,
        requestId: e.requestId ?? undefined,
      };
    }
    // No answer from the API: the SDK's connection, time-out and configuration errors.
    const name = e.name ?? '';
    if (/Timeout/.test(name)) return { code: 'api_timeout', message: e.message ?? name };
    if (/Connection/.test(name)) {
      return {
        code: 'api_connection_error',
        message: `The Reelscout API could not be reached: ${e.message}`,
      };
    }
    return { code: 'client_error', message: e.message ?? String(error) };
  }
  return { code: 'api_connection_error', message: String(error) };
}

function lastResponseOf(value: unknown): LastResponse {
  if (typeof value !== 'object' || value === null) return {};
  return ((value as { lastResponse?: LastResponse }).lastResponse ?? {}) as LastResponse;
}

function success(tool: ToolName, body: unknown, billing: LastResponse): CallToolResult {
  const structured = JSON.parse(JSON.stringify(body ?? {})) as Record<string, unknown>;
  const meta: Record<string, string> = {};
  if (billing.requestId) meta['reelscout/request_id'] = billing.requestId;
  if (billing.jobId) meta['reelscout/job_id'] = billing.jobId;
  if (billing.chargedUsd) meta['reelscout/charged_usd'] = billing.chargedUsd;
  if (billing.balanceUsd) meta['reelscout/balance_usd'] = billing.balanceUsd;
  return {
    content: [{ type: 'text', text: summarize(tool, structured, billing) }],
    structuredContent: structured,
    ...(Object.keys(meta).length ? { _meta: meta } : {}),
  };
}

/**
 * An MCP server exposing the Reelscout API as thirteen tools: `assist`, `scan`, `playbook`, `music`,
 * `get_trends`, `get_job`, `get_balance`, `create_watch`, `list_watches`, `run_watch`, `track_creator`,
 * `get_creator_report`, `get_usage`. Connect it to any
 * transport (stdio, streamable HTTP).
 */
export function createReelscoutMcpServer(options: CreateReelscoutMcpServerOptions): Server {
  const { client } = options;
  const schemas = options.schemas ?? (generatedSchemas as unknown as Record<ToolName, ToolSchemas>);
  const base = options.requestOptions ?? (() => ({}));
  const maxPollMs = options.pollIntervalMs ?? 2_000;
  const jobWaitTimeoutMs = options.jobWaitTimeoutMs ?? 15 * 60_000;
  const longCallTimeoutMs = options.longCallTimeoutMs ?? 10 * 60_000;

  const server = new Server(
    { name: options.name ?? 'reelscout', version: options.version ?? '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Reelscout researches short-form video. Start with `scan` to find reels that work in a niche, ' +
        'then `playbook` to turn one reel into a shoot-ready plan and `music` to pick sounds for it; ' +
        '`get_trends` says which sounds and hashtags are new, rising, steady or fading; ' +
        '`assist` answers open questions and suggests a scan query. Calls cost credit ' +
        '(`get_balance` shows it); `rs_test_` keys use free test credit and deterministic sample data.',
    },
  );

  const tools: Tool[] = TOOL_NAMES.map((name) => ({
    name,
    title: TOOL_TITLES[name],
    description: TOOL_DESCRIPTIONS[name],
    inputSchema: schemas[name].inputSchema as Tool['inputSchema'],
    outputSchema: schemas[name].outputSchema as Tool['outputSchema'],
    annotations: {
      title: TOOL_TITLES[name],
      readOnlyHint: READ_ONLY.has(name),
      destructiveHint: false,
      idempotentHint: READ_ONLY.has(name),
      openWorldHint: !READ_ONLY.has(name) && name !== 'create_watch' && name !== 'track_creator',
    },
  }));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name as ToolName;
    if (!TOOL_NAMES.includes(name)) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    }
    // Passed through as given: the API validates, and its 400 names the `param`.
    const args = (request.params.arguments ?? {}) as Body;
    const progressToken = request.params._meta?.progressToken;
    const signal = extra.signal;
    const opts = (more: RequestOptions = {}): RequestOptions => ({ ...base(), signal, ...more });

    /** Sends `notifications/progress` (0–100) when the caller asked for it and it moved on. */
    let lastSent = -1;
    const reportProgress = async (percent: number, message: string) => {
      if (progressToken === undefined || percent <= lastSent) return;
      lastSent = percent;
      await extra
        .sendNotification({
          method: 'notifications/progress',
          params: { progressToken, progress: percent, total: 100, message },
        })
        .catch(() => undefined);
    };

    /** Polls a job to its end (progress reported), then answers its result or its error. */
    const finishJob = async (first: JobLike): Promise<CallToolResult> => {
      let job = first;
      const deadline = Date.now() + jobWaitTimeoutMs;
      let delay = 250;
      try {
        while (!FINAL.has(job.status)) {
          await reportProgress(
            progressPercent(job.progress),
            `${job.operation ?? name} ${job.status}`,
          );
          if (Date.now() >= deadline) {
            return toolError({
              code: 'timeout',
              message: `Job ${job.id} is still ${job.status} after ${Math.round(jobWaitTimeoutMs / 60_000)} min; it keeps running. Call get_job with id "${job.id}" later for its result.`,
            });
          }
          await sleep(delay, signal);
          delay = Math.min(maxPollMs, Math.round(delay * 1.5));
          const next = await client.jobs.get(job.id, opts());
          if (isJob(next)) job = next;
        }
      } catch (error) {
        // The MCP request was cancelled: stop the job too, so nothing is charged for it.
        if (signal.aborted) await client.jobs.cancel(job.id, { ...base() }).catch(() => undefined);
        throw error;
      }
      if (job.status === 'succeeded') {
        await reportProgress(100, `${job.operation ?? name} succeeded`);
        return success(name, job.result, {
          jobId: job.id,
          chargedUsd: job.billing?.charged_usd ?? undefined,
          balanceUsd: job.billing?.balance_usd ?? undefined,
        });
      }
      const failure = job.error?.error;
      return toolError({
        status: job.http_status ?? undefined,
        code: failure?.code ?? (job.status === 'canceled' ? 'job_canceled' : 'internal_error'),
        message: failure?.message ?? `Job ${job.id} ended ${job.status}.`,
        param: failure?.param,
        requestId: failure?.requestId,
      });
    };

    /** A result, or a job when the API answered 202 (e.g. its instance was shutting down). */
    const answer = async (result: unknown): Promise<CallToolResult> =>
      isJob(result) ? finishJob(result) : success(name, result, lastResponseOf(result));

    try {
      switch (name) {
        case 'assist':
          return await answer(await client.assist(args, opts()));
        case 'get_trends':
          return await answer(await client.trends.list(args, opts()));
        case 'scan':
        case 'playbook':
        case 'music': {
          if (progressToken !== undefined && LONG.has(name)) {
            // Asked for progress: run as an async job and poll it.
            const job = await client.jobs.create(name, args, opts());
            if (!isJob(job)) return await answer(job);
            await reportProgress(0, `${name} ${job.status}`);
            return await finishJob(job);
          }
          return await answer(await client[name](args, opts({ timeout: longCallTimeoutMs })));
        }
        case 'get_job': {
          const id = args.id;
          if (typeof id !== 'string' || id === '') {
            // The one argument that is not a body field: the API cannot see it missing.
            return toolError({
              status: 400,
              code: 'invalid_request',
              message: '`id` must be a job id such as "job_3f0c…".',
              param: 'id',
            });
          }
          return success(name, await client.jobs.get(id, opts()), {});
        }
        case 'get_balance':
          return success(name, await client.balance.get(opts()), {});
        case 'create_watch':
          return success(name, await client.watches.create(args, opts()), {});
        case 'list_watches': {
          const page = (await client.watches.list(args, opts())) as Record<string, unknown>;
          return success(name, { object: 'list', data: page.data, has_more: page.has_more }, {});
        }
        case 'get_usage': {
          const page = (await client.usage.list(args, opts())) as Record<string, unknown>;
          const body = {
            object: 'list',
            data: page.data,
            has_more: page.has_more,
            next_cursor: page.next_cursor,
          };
          return success(name, body, {});
        }
        case 'run_watch': {
          const id = args.id;
          if (typeof id !== 'string' || id === '') {
            return toolError({
              status: 400,
              code: 'invalid_request',
              message: '`id` must be a watch id, from create_watch or list_watches.',
              param: 'id',
            });
          }
          return await answer(await client.watches.run(id, opts({ timeout: longCallTimeoutMs })));
        }
        case 'track_creator':
          return success(
            name,
            await client.watches.create({ ...args, kind: 'creator' }, opts()),
            {},
          );
        case 'get_creator_report': {
          const id = args.id;
          if (typeof id !== 'string' || id === '') {
            return toolError({
              status: 400,
              code: 'invalid_request',
              message: '`id` must be a creator watch id, from track_creator or list_watches.',
              param: 'id',
            });
          }
          const limit = typeof args.limit === 'number' ? args.limit : 20;
          const watch = await client.watches.get(id, opts());
          // Without `days`, the first 100 snapshots (oldest first): the whole history of a
          // daily watch's first three months.
          const from =
            typeof args.days === 'number'
              ? new Date(Date.now() - args.days * DAY_MS).toISOString()
              : undefined;
          const snapshots = (await client.watches.snapshots(id, { from, limit: 100 }, opts())) as {
            data: unknown[];
          };
          const posts = (await client.watches.posts(id, { limit }, opts())) as { data: unknown[] };
          return success(name, { watch, snapshots: snapshots.data, posts: posts.data }, {});
        }
      }
    } catch (error) {
      if (signal.aborted) throw error;
      return toolError(asApiError(error));
    }
  });

  return server;
}

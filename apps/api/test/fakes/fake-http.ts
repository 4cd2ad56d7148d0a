import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How a fake server answers one request. The default is a 200 with `json`. Everything else
 * simulates a way a real provider misbehaves.
 */
export interface FakeBehavior {
  /** HTTP status (default 200). */
  status?: number;
  /** JSON body (serialised). For error statuses without one, a body with a marker is sent. */
  json?: unknown;
  /** Raw body (overrides `json`). */
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (the connection stays open until the client gives up or the server closes). */
  hang?: boolean;
  /** Answer 200 with a body that is not valid JSON. */
  malformed?: boolean;
  /** Answer 200 with an empty body. */
  empty?: boolean;
  /** Destroy the connection without answering. */
  reset?: boolean;
  /** Announce the full Content-Length, send only this many bytes, then cut the connection. */
  truncateAt?: number;
}

/** What a fake server saw of one request. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
  /** When the request arrived (epoch ms). */
  at: number;
}

export type FakeRoute = (request: RecordedRequest) => FakeBehavior | Promise<FakeBehavior>;

export interface FakeServerOptions {
  /**
   * Runs before any `setBehavior` override: an answer here (a 401 for a wrong key, a 422 for a
   * request that breaks the contract) wins over the injected fault, as it would on the real API.
   */
  precheck?: (request: RecordedRequest) => FakeBehavior | undefined;
}

/**
 * Text that error bodies of the fakes contain, so a test can assert that provider bodies never
 * reach an error message.
 */
export const PROVIDER_BODY_MARKER = 'FAKE-PROVIDER-BODY-d41d8cd9';

/** Controls every fake server shares. */
export interface FakeServerControls {
  /** `http://127.0.0.1:<port>` (never another interface). */
  readonly url: string;
  /** TCP connections accepted since start (or the last `reset`). */
  readonly connections: number;
  /** Requests received on a path (any method), since start or the last `reset`. */
  calls(path: string): number;
  /** Requests received, optionally only those on `path`. */
  requests(path?: string): RecordedRequest[];
  /**
   * Overrides the answer on `path`: a list is consumed one behaviour per request; the last one
   * stays in force unless `times` limits how often the override applies in total.
   */
  setBehavior(
    path: string,
    behavior: FakeBehavior | FakeBehavior[],
    options?: { times?: number },
  ): void;
  /** Latency added to every answer. */
  setLatency(ms: number): void;
  /** Extra latency on one path; the normal answer still comes (unlike `setBehavior`). */
  setPathLatency(path: string, ms: number): void;
  /** Forgets recorded requests, counters, overrides and latency (data set by the fake's own setters stays). */
  reset(): void;
  close(): Promise<void>;
}

interface Override {
  behaviors: FakeBehavior[];
  remaining: number;
}

/** Starts an HTTP server on 127.0.0.1 with a random port, answering through `route`. */
export async function startFakeHttpServer(
  route: FakeRoute,
  options: FakeServerOptions = {},
): Promise<FakeServerControls> {
  const recorded: RecordedRequest[] = [];
  const overrides = new Map<string, Override>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let latencyMs = 0;
  const pathLatency = new Map<string, number>();
  let connections = 0;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      json: parseJson(body, req.headers['content-type']),
      at: Date.now(),
    };
    recorded.push(request);

    const behavior =
      options.precheck?.(request) ?? takeOverride(url.pathname) ?? (await route(request));
    const delay = latencyMs + (pathLatency.get(url.pathname) ?? 0) + (behavior.delayMs ?? 0);
    if (delay > 0) await wait(delay);
    await send(req, res, behavior);
  }

  function takeOverride(path: string): FakeBehavior | undefined {
    const override = overrides.get(path);
    if (!override || override.remaining <= 0) return undefined;
    override.remaining -= 1;
    return override.behaviors.length > 1 ? override.behaviors.shift()! : override.behaviors[0];
  }

  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    calls: (path) => recorded.filter((request) => request.path === path).length,
    requests: (path) =>
      path === undefined ? [...recorded] : recorded.filter((request) => request.path === path),
    setBehavior: (path, behavior, options = {}) => {
      const behaviors = Array.isArray(behavior) ? [...behavior] : [behavior];
      overrides.set(path, { behaviors, remaining: options.times ?? Number.POSITIVE_INFINITY });
    },
    setPathLatency: (path, ms) => {
      pathLatency.set(path, ms);
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    reset: () => {
      recorded.length = 0;
      overrides.clear();
      latencyMs = 0;
      pathLatency.clear();
      connections = 0;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  behavior: FakeBehavior,
): Promise<void> {
  if (behavior.hang) return;
  if (behavior.reset) {
    req.socket.destroy();
    return;
  }
  const status = behavior.status ?? 200;
  let body: Buffer;
  let contentType = 'application/json';
  if (behavior.empty) {
    body = Buffer.alloc(0);
  } else if (behavior.malformed) {
    body = Buffer.from('{"code":200,"data":{"aweme_list":[{"aweme_id":"7');
  } else if (behavior.body !== undefined) {
    body = Buffer.isBuffer(behavior.body) ? behavior.body : Buffer.from(behavior.body);
    contentType = 'application/octet-stream';
  } else {
    const json =
      behavior.json ??
      (status >= 400
        ? { detail: { code: status, message: `upstream failure ${PROVIDER_BODY_MARKER}` } }
        : {});
    body = Buffer.from(JSON.stringify(json));
  }
  const headers = {
    'content-type': contentType,
    'content-length': String(body.length),
    ...behavior.headers,
  };
  if (behavior.truncateAt !== undefined) {
    res.writeHead(status, headers);
    await new Promise<void>((resolve) =>
      res.write(body.subarray(0, behavior.truncateAt), () => resolve()),
    );
    // Close our side after the partial body is flushed: the client sees a premature end.
    res.socket?.end();
    return;
  }
  res.writeHead(status, headers);
  res.end(body);
}

function parseJson(body: Buffer, contentType: string | undefined): unknown {
  if (body.length === 0 || !contentType?.includes('json')) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

import { apiInternalOrigin } from './api-origin';

/**
 * The dashboard's same-origin proxy to the API (/auth, /account, /api-health): the browser talks
 * only to the dashboard's origin, so session cookies stay first-party and no CORS is needed.
 * A route handler rather than a build-time rewrite, so the API's address is read at run time
 * (API_INTERNAL_URL or API_PORT) and one build serves any address.
 *
 * Forwarded as a reverse proxy does: method, path, query, body (streamed) and headers, minus the
 * hop-by-hop ones and Host (the API sees its own address, as with `changeOrigin`). The
 * X-Forwarded-Host, -Proto, -Port and -For headers are the dashboard server's own (server.js:
 * the client's address as the connection or a trusted proxy of ours saw it, never one the client
 * wrote; Host and scheme as Next.js fills them), which the API's same-origin check and its
 * per-client throttling read. The response comes back as the API sent it: status,
 * headers (each Set-Cookie on its own), and the body streamed (video Range requests included).
 */

/** Hop-by-hop headers (RFC 9110 §7.6.1): never passed on, either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Request headers the upstream request sets itself (its Host, its body's framing). */
const SET_BY_FETCH = new Set(['host', 'content-length', 'expect']);

/** Statuses whose response has no body. */
const NO_BODY = new Set([101, 204, 205, 304]);

export async function proxyToApi(request: Request, apiPath: string): Promise<Response> {
  const incoming = new URL(request.url);
  const target = `${apiInternalOrigin()}${apiPath}${incoming.search}`;
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !SET_BY_FETCH.has(name)) headers.set(name, value);
  });
  // The body is passed through byte for byte: no decoding here, so none upstream either.
  headers.set('accept-encoding', 'identity');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      // Streams the request body instead of buffering it (required by undici for a stream).
      ...(hasBody ? { duplex: 'half' } : {}),
      redirect: 'manual',
      cache: 'no-store',
      signal: request.signal,
    } as RequestInit);
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: 499 });
    const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error);
    process.stderr.write(
      `dashboard proxy: ${request.method} ${apiPath}: the API is not reachable (${reason})\n`,
    );
    return Response.json(
      {
        error: {
          code: 'internal_error',
          message: 'The Reelscout API is not reachable from the dashboard; try again shortly.',
          requestId: '',
        },
      },
      { status: 502 },
    );
  }
  const out = new Headers();
  upstream.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !HOP_BY_HOP.has(name)) out.append(name, value);
  });
  for (const cookie of upstream.headers.getSetCookie()) out.append('set-cookie', cookie);
  const body = NO_BODY.has(upstream.status) || request.method === 'HEAD' ? null : upstream.body;
  return new Response(body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: out,
  });
}

/**
 * The route handlers of a proxied prefix's catch-all route (`/auth/…`, `/account/…`): every
 * method, to the same path on the API, as the browser encoded it.
 */
export function proxyRoutes() {
  const handler = (request: Request) => proxyToApi(request, new URL(request.url).pathname);
  return {
    GET: handler,
    HEAD: handler,
    POST: handler,
    PUT: handler,
    PATCH: handler,
    DELETE: handler,
    OPTIONS: handler,
  };
}

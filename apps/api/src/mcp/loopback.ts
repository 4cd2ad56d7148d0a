import type { Request } from 'express';

/**
 * This instance's own /v1, where the /mcp tools send their calls: the local address and port of
 * the connection the /mcp request came in on (the socket it arrived on proves this instance
 * listens there; with the default `API_HOST` that is `127.0.0.1`). Nothing of the request's
 * content (Host header, URL, body) takes part, so the destination is never caller-controlled.
 * See docs/security.md.
 */
export function loopbackBaseUrl(req: Request): string {
  const raw = req.socket.localAddress ?? '127.0.0.1';
  const address = raw.startsWith('::ffff:') ? raw.slice('::ffff:'.length) : raw;
  const host = address.includes(':') ? `[${address}]` : address; // IPv6 in brackets
  return `http://${host}:${req.socket.localPort}`;
}

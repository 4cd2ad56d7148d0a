import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from '../common/observability/metrics';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * `/metrics` on its own listener (inbound only), apart from the public API port: GET /metrics
 * answers the registry's text; everything else is 404.
 */
export async function listenForScrapes(
  host: string,
  port: number,
  onError: (error: unknown) => void,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => {
        onError(error);
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

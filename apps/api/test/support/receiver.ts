import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request a webhook receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1 answering `statusFor(n)` to its n-th request (0-based).
 * Closing it destroys open sockets too, so a keep-alive connection cannot hold a test open.
 */
export async function startReceiver(
  statusFor: (index: number) => number = () => 204,
): Promise<Receiver> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = received.length;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statusFor(index);
      res.end();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/reelscout`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

/** The Standard Webhooks headers of a received request, as `Webhook.verify` takes them. */
export const signatureHeaders = (received: Received) => ({
  'webhook-id': String(received.headers['webhook-id']),
  'webhook-timestamp': String(received.headers['webhook-timestamp']),
  'webhook-signature': String(received.headers['webhook-signature']),
});

'use strict';
/**
 * The dashboard's HTTP server: Next.js's own request handler (what `next start` runs), behind a
 * server of ours for one reason: the client's address. Next.js fills X-Forwarded-For only when a
 * request has none, so through its proxy to the API (lib/api-proxy.ts) a client-sent value would
 * survive and the API's per-IP ceilings would count whatever address it named. Here the
 * forwarded headers are set from what this server saw (lib/forwarded-headers.js), trusting
 * WEB_TRUST_PROXY_HOPS proxies of ours in front (0 by default; the compose file's nginx: 1).
 *
 *   node apps/web/server.js -p 3000 -H 127.0.0.1
 */
const http = require('node:http');
const next = require('next');
const { rewriteForwarded, trustedHopsFrom } = require('./lib/forwarded-headers');

/** `-p PORT -H HOST` (the flags of `next start`); the port defaults to 3000, the host to all. */
function parseArgs(argv) {
  const options = { port: 3000, hostname: undefined };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '-p' || flag === '--port') options.port = Number(value);
    else if (flag === '-H' || flag === '--hostname') options.hostname = value;
    else throw new Error(`unknown option ${flag} (usage: server.js [-p PORT] [-H HOST])`);
  }
  if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) {
    throw new Error(`-p must be a port number (1-65535)`);
  }
  return options;
}

async function main() {
  const { port, hostname } = parseArgs(process.argv.slice(2));
  const trustedHops = trustedHopsFrom(process.env.WEB_TRUST_PROXY_HOPS);
  const app = next({ dev: false, dir: __dirname, hostname: hostname ?? 'localhost', port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    rewriteForwarded(req.headers, req.socket.remoteAddress, trustedHops);
    handle(req, res);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Streams still open (a video) get a moment, not forever.
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  server.listen(port, hostname, () => {
    process.stdout.write(`dashboard ready on http://${hostname ?? 'localhost'}:${port}\n`);
  });
}

main().catch((error) => {
  process.stderr.write(`dashboard failed to start: ${error.message}\n`);
  process.exit(1);
});

/* global process, console, setTimeout, clearTimeout, Buffer */
/**
 * Starts an async playbook and gets its result by webhook:
 *
 * 1. starts a small HTTP server on 127.0.0.1 (test-mode endpoints may use http; the API must
 *    allow 127.0.0.1 in OUTBOUND_ALLOW_PRIVATE_HOSTS, which `npm start` does for development);
 * 2. registers it as a webhook endpoint (the answer carries its signing secret);
 * 3. starts a playbook job (`Prefer: respond-async`: 202 at once);
 * 4. verifies the signed `job.*` event with `webhooks.verify` (Standard Webhooks) and prints the
 *    plan summary;
 * 5. deletes the endpoint and exits (at most EXAMPLE_TIMEOUT_MS, default 120 s).
 *
 *   npm run sdk:build
 *   REELSCOUT_API_KEY=rs_test_… node examples/async-playbook-webhook.mjs [video-url]
 */
import { createServer } from 'node:http';
import { Reelscout, WebhookVerificationError } from '@reelscout/sdk';

const video = process.argv[2] ?? 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';
const timeoutMs = Number(process.env.EXAMPLE_TIMEOUT_MS ?? 120_000);
const client = new Reelscout(); // REELSCOUT_API_KEY, REELSCOUT_BASE_URL

/** Verified events by job id, and who waits for which job. */
const events = new Map();
const waiters = new Map();
let secret;

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    // Verify the raw body, before parsing it.
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = client.webhooks.verify(body, req.headers, secret ?? '');
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.error(`refused a webhook: ${error.message}`);
      res.statusCode = 400;
      return res.end();
    }
    // Answer fast; work afterwards.
    res.statusCode = 204;
    res.end();
    console.log(`verified ${event.type} webhook ${req.headers['webhook-id']} for ${event.data.id}`);
    events.set(event.data.id, event);
    waiters.get(event.data.id)?.(event);
  });
});

const eventFor = (jobId) =>
  new Promise((resolve) => {
    if (events.has(jobId)) return resolve(events.get(jobId));
    waiters.set(jobId, resolve);
  });

let timer;
const deadline = new Promise((_, reject) => {
  timer = setTimeout(() => reject(new Error(`no webhook within ${timeoutMs} ms`)), timeoutMs);
});

await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${server.address().port}/webhooks/reelscout`;
let endpoint;
try {
  endpoint = await client.webhookEndpoints.create({ url: hookUrl });
  secret = endpoint.secret;
  console.log(`webhook endpoint ${endpoint.id} → ${hookUrl}`);

  const job = await client.jobs.create('playbook', { url: video });
  console.log(`job ${job.id} ${job.status}, held $${job.billing.held_usd}`);

  const event = await Promise.race([eventFor(job.id), deadline]);
  if (event.type !== 'job.succeeded') {
    console.error(`job ${event.data.status}: ${JSON.stringify(event.data.error)}`);
    process.exitCode = 1;
  } else {
    const { playbook, reel } = event.data.result;
    console.log(
      `charged $${event.data.billing.charged_usd}, balance $${event.data.billing.balance_usd}`,
    );
    console.log(`reel: ${reel.url} (${reel.market})`);
    console.log(`summary: ${playbook.overview.summary}`);
    if (playbook.playbook) {
      console.log(
        `script: ${playbook.playbook.script.length} lines; caption: ${playbook.playbook.caption}`,
      );
      console.log(`cta: ${playbook.playbook.cta}`);
    }
  }
} catch (error) {
  console.error(`failed: ${error.name ?? 'Error'}: ${error.message}`);
  process.exitCode = 1;
} finally {
  clearTimeout(timer);
  if (endpoint) {
    await client.webhookEndpoints.delete(endpoint.id);
    console.log(`deleted webhook endpoint ${endpoint.id}`);
  }
  server.closeAllConnections();
  server.close();
}

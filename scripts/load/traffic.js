'use strict';
/**
 * The load itself: autocannon on 127.0.0.1, assist and scan side by side in test mode, many keys
 * and subjects, some calls with an Idempotency-Key. Every response is recorded by its
 * x-request-id with what it said it charged, for the audit.
 */
const autocannon = require('autocannon');
const { check, log } = require('./report');
const {
  ASSIST_CONNECTIONS,
  DURATION_S,
  IDEMPOTENT_SHARE,
  PRICE,
  SCAN_CONNECTIONS,
  SUBJECTS,
} = require('./settings');

const NICHES = [
  'home espresso for beginners',
  'budget travel hacks',
  'skincare routine for oily skin',
  'vintage motorcycles restoration',
  'dog food for puppies',
  '适合新手的护肤步骤',
  '適合新手的護膚步驟',
  'meal prep for the week',
];
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** One autocannon run; every response is recorded by its x-request-id. */
function runLoad({ port, op, connections, keys, outcomes, unexpected }) {
  const request = {
    method: 'POST',
    path: `/v1/${op}`,
    setupRequest: (req, context) => {
      const key = pick(keys);
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${key.key}`,
        'x-subject': `customer-${Math.floor(Math.random() * SUBJECTS)}`,
      };
      let body;
      if (op === 'assist') {
        if (Math.random() < IDEMPOTENT_SHARE) {
          const n = Math.floor(Math.random() * 20);
          headers['idempotency-key'] = `load-${key.accountIndex}-${n}`;
          headers['x-subject'] = `idem-${n}`;
          body = { message: `show me trending reels about ${NICHES[n % NICHES.length]}` };
        } else {
          body = { message: `show me trending reels about ${pick(NICHES)}` };
        }
      } else {
        body = {
          query: pick(NICHES),
          limit: 1 + Math.floor(Math.random() * 20),
          market: pick(['auto', 'network_a', 'network_b']),
        };
      }
      context.account = key.accountIndex;
      return { ...req, headers, body: JSON.stringify(body) };
    },
    onResponse: (status, body, context, headers) => {
      const lower = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      const requestId = lower['x-request-id'];
      const replayed = lower['idempotent-replayed'] === 'true';
      let expected = 0;
      if (status === 200 && !replayed) {
        if (op === 'assist') expected = PRICE.assist;
        else {
          try {
            expected = JSON.parse(body).reels.length * PRICE.scanReel;
          } catch {
            unexpected.push(`scan 200 with an unreadable body (${requestId})`);
          }
        }
      }
      const charged = lower['x-service-charged-usd'];
      if (outcomes.has(requestId)) unexpected.push(`x-request-id ${requestId} seen twice`);
      outcomes.set(requestId, {
        op,
        account: context.account,
        status,
        replayed,
        expected,
        header: charged === undefined ? null : Math.round(Number(charged) * 1_000_000),
      });
    },
  };
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: DURATION_S,
    timeout: 30,
    requests: [request],
  });
}

function printFigures(op, result) {
  const non2xx = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    if (!code.startsWith('2')) non2xx[code] = stat.count;
  log(
    `${op.padEnd(6)}  requests ${result.requests.total}  rps ${result.requests.average.toFixed(0)}  ` +
      `latency p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
      `non-2xx ${JSON.stringify(non2xx)}  errors ${result.errors}  timeouts ${result.timeouts}`,
  );
}

/** Both loads at once; resolves with the recorded responses once they end. */
async function runTraffic({ port, keys }) {
  const outcomes = new Map();
  const unexpected = [];
  log(
    `load: assist (${ASSIST_CONNECTIONS} connections) and scan (${SCAN_CONNECTIONS} connections) for ${DURATION_S} s on 127.0.0.1:${port}`,
  );
  const [assist, scan] = await Promise.all([
    runLoad({ port, op: 'assist', connections: ASSIST_CONNECTIONS, keys, outcomes, unexpected }),
    runLoad({ port, op: 'scan', connections: SCAN_CONNECTIONS, keys, outcomes, unexpected }),
  ]);
  log('');
  printFigures('assist', assist);
  printFigures('scan', scan);
  const fresh = [...outcomes.values()].filter((o) => o.status === 200 && !o.replayed);
  const assistCharged = fresh.filter((o) => o.op === 'assist');
  const scanCharged = fresh.filter((o) => o.op === 'scan');
  const usd = (micros) => (micros / 1_000_000).toFixed(6);
  log(
    `charged assist ${assistCharged.length} × 0.010000 = ${usd(assistCharged.length * PRICE.assist)} USD; ` +
      `scan ${scanCharged.reduce((n, o) => n + o.expected / PRICE.scanReel, 0)} reels × 0.007500 = ` +
      `${usd(scanCharged.reduce((n, o) => n + o.expected, 0))} USD (as the responses said)`,
  );
  const total = assist.requests.total + scan.requests.total;
  log(
    `total   requests ${total}  rps ${(total / DURATION_S).toFixed(0)}  (responses recorded: ${outcomes.size})`,
  );
  log('');
  check(
    'no client errors or timeouts',
    assist.errors + scan.errors + assist.timeouts + scan.timeouts === 0,
    `errors ${assist.errors + scan.errors}, timeouts ${assist.timeouts + scan.timeouts}`,
  );
  return { outcomes, unexpected };
}

module.exports = { runTraffic };

'use strict';
/**
 * The X-Forwarded-* headers the dashboard passes to the API, decided by the dashboard's own
 * server (server.js) before Next.js sees the request. Next.js fills them only when a request has
 * none, so a client could name any address in X-Forwarded-For, and the API's per-IP ceilings
 * (sign-in attempts) would count it there. Plain JavaScript: server.js runs without a build.
 */

/**
 * Rewrites `headers` in place for a request whose socket peer is `peer`, with `trustedHops`
 * proxies of ours in front of the dashboard (WEB_TRUST_PROXY_HOPS): X-Forwarded-For becomes the
 * one address the nearest trusted hop vouches for (with none, the peer itself). Without trusted
 * hops, client-sent X-Forwarded-Host, -Proto and -Port are dropped too (Next.js then fills them
 * from the request itself); behind trusted hops the nearest one set them.
 *
 * @param {Record<string, string | string[] | undefined>} headers
 * @param {string | undefined} peer
 * @param {number} trustedHops
 */
function rewriteForwarded(headers, peer, trustedHops) {
  const chain = [...listed(headers['x-forwarded-for']), peer ?? ''].filter((a) => a !== '');
  const client = trustedHops > 0 ? chain[Math.max(0, chain.length - 1 - trustedHops)] : peer;
  if (trustedHops === 0) {
    delete headers['x-forwarded-host'];
    delete headers['x-forwarded-proto'];
    delete headers['x-forwarded-port'];
  }
  if (client) headers['x-forwarded-for'] = client;
  else delete headers['x-forwarded-for'];
}

/** A comma-separated header (or several of them), as a list of its trimmed entries. */
function listed(value) {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values
    .flatMap((text) => text.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * WEB_TRUST_PROXY_HOPS as a number (0 when unset); throws a readable error otherwise.
 *
 * @param {string | undefined} raw
 */
function trustedHopsFrom(raw) {
  if (raw === undefined || raw.trim() === '') return 0;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(`WEB_TRUST_PROXY_HOPS must be a whole number from 0 to 10, got "${raw}"`);
  }
  return hops;
}

module.exports = { rewriteForwarded, trustedHopsFrom };

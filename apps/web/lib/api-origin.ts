/**
 * Where the API is, read from the environment at run time (not at build time), so one dashboard
 * build serves any API address: `npm start`, the tests and a deployment share it.
 */

/** The API as this server reaches it (the proxy's upstream): API_INTERNAL_URL, else 127.0.0.1:$API_PORT. */
export function apiInternalOrigin(): string {
  return trimSlashes(process.env.API_INTERNAL_URL || `http://127.0.0.1:${apiPort()}`);
}

/**
 * The API as integrators reach it, shown in the footer and in the curl and SDK samples:
 * API_PUBLIC_URL, else http://localhost:$API_PORT (where `npm start` serves it on this machine).
 * The dashboard's own origin would be wrong: it does not serve /v1.
 */
export function apiPublicUrl(): string {
  return trimSlashes(process.env.API_PUBLIC_URL || `http://localhost:${apiPort()}`);
}

function apiPort(): string {
  return process.env.API_PORT || '4000';
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

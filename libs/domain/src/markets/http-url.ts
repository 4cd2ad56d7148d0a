import { isIpAddress, looksLikeIpv4Host } from './ip-address';

/** The parts of an http(s) link that the link parser looks at. */
export interface HttpUrlParts {
  scheme: 'http' | 'https';
  /** Lower-case registered name; never an IP address, never with a port or trailing dot. */
  host: string;
  /** `/…` or `''`, undecoded. */
  path: string;
  /** The query string without `?`, undecoded; `''` when absent. */
  query: string;
}

export type HttpUrlSplit = { ok: true; url: HttpUrlParts } | { ok: false; problem: string };

const DEFAULT_PORT: Readonly<Record<HttpUrlParts['scheme'], string>> = { http: '80', https: '443' };

/**
 * Splits an absolute http(s) URL with a strict grammar of our own instead of a browser-grade
 * parser, so that the host we check is the host any client would connect to:
 * - scheme `http` or `https` (any case), followed by `//`;
 * - printable ASCII only, and no backslash (WHATWG parsers read `\` as `/`);
 * - no userinfo at all (`user@`, `tiktok.com@evil.example`);
 * - no IP literal in any notation (`[::1]`, `127.0.0.1`, `2130706433`, `0177.0.0.1`, `0x7f.1`);
 * - a host of dot-separated labels `[a-z0-9-]`, no trailing dot, no percent-encoding;
 * - no port, or the scheme's default port.
 */
export function splitHttpUrl(candidate: string): HttpUrlSplit {
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(candidate);
  if (!schemeMatch) return { ok: false, problem: 'it is not an absolute http(s) link' };
  const scheme = schemeMatch[1].toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') {
    return { ok: false, problem: 'only http and https links are accepted' };
  }
  if (!/^[\x21-\x7e]*$/.test(candidate) || candidate.includes('\\')) {
    return { ok: false, problem: 'it contains characters a link cannot have' };
  }
  const rest = candidate.slice(schemeMatch[0].length);
  if (!rest.startsWith('//')) return { ok: false, problem: 'it is not an absolute http(s) link' };

  const afterSlashes = rest.slice(2);
  const authorityEnd = afterSlashes.search(/[/?#]/);
  const authority = authorityEnd < 0 ? afterSlashes : afterSlashes.slice(0, authorityEnd);
  const remainder = authorityEnd < 0 ? '' : afterSlashes.slice(authorityEnd);

  if (authority.includes('@')) {
    return { ok: false, problem: 'links with a user name or password are not accepted' };
  }
  if (authority.startsWith('[')) return { ok: false, problem: 'IP address links are not accepted' };

  const colon = authority.lastIndexOf(':');
  const rawHost = (colon < 0 ? authority : authority.slice(0, colon)).toLowerCase();
  const port = colon < 0 ? undefined : authority.slice(colon + 1);
  if (rawHost === '') return { ok: false, problem: 'it has no host' };
  if (isIpAddress(rawHost) || looksLikeIpv4Host(rawHost)) {
    return { ok: false, problem: 'IP address links are not accepted' };
  }
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(rawHost)) {
    return { ok: false, problem: 'its host name is not valid' };
  }
  if (port !== undefined && port !== DEFAULT_PORT[scheme]) {
    return { ok: false, problem: 'links with a non-default port are not accepted' };
  }

  const fragmentStart = remainder.indexOf('#');
  const beforeFragment = fragmentStart < 0 ? remainder : remainder.slice(0, fragmentStart);
  const queryStart = beforeFragment.indexOf('?');
  const path = queryStart < 0 ? beforeFragment : beforeFragment.slice(0, queryStart);
  const query = queryStart < 0 ? '' : beforeFragment.slice(queryStart + 1);
  return { ok: true, url: { scheme, host: rawHost, path, query } };
}

/** The first value of query parameter `name` (undecoded), or `undefined`. */
export function queryParam(query: string, name: string): string | undefined {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq >= 0 && pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return undefined;
}

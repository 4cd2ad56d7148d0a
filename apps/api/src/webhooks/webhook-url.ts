import { DomainError, type Mode } from '@reelscout/domain';

/** Longest endpoint URL accepted (browsers' and proxies' practical limit). */
export const MAX_ENDPOINT_URL_LENGTH = 2048;

/**
 * The form rules of an endpoint URL, before the egress policy judges its host: an absolute
 * http(s) URL, https in live mode (a live event carries a customer's data), no credentials and
 * no fragment. Test mode may use http so a developer can point it at their own machine (which the
 * egress policy then has to allow: `OUTBOUND_ALLOW_PRIVATE_HOSTS`).
 */
export function parseEndpointUrl(raw: string, mode: Mode): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl('`url` must be an absolute http or https URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidUrl('`url` must be an absolute http or https URL.');
  }
  if (mode === 'live' && url.protocol !== 'https:') {
    throw invalidUrl('Live-mode webhook endpoints must use https.');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalidUrl('`url` must not carry credentials.');
  }
  if (url.hash !== '') throw invalidUrl('`url` must not have a fragment.');
  return url;
}

export function invalidUrl(message: string): DomainError {
  return new DomainError('invalid_request', message, { param: 'url' });
}

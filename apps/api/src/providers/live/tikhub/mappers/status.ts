import type { Market } from '@reelscout/domain';
import { asObject, at, firstDefined, text, type JsonObject } from '../../json-read';

/**
 * Risk control: a 200 that is really throttling (docs/configuration.md,
 * "How failures are read").
 */

const NETWORK_B_RISK_CODES = new Set([8, 2154, 2156, 10000, 10001]);
const NETWORK_A_RISK_CODES = new Set([10000, 10101]);
/** network_a: "not available in your region". */
export const NETWORK_A_REGION_BLOCKED = 10219;

/** The platform status code inside a payload (`status_code` or `statusCode`), if any. */
export function platformStatus(payload: JsonObject): number | null {
  const value = firstDefined(payload.status_code, payload.statusCode);
  return typeof value === 'number' ? value : null;
}

export function isRiskControl(market: Market, payload: JsonObject): boolean {
  const status = platformStatus(payload);
  if (status === null) return false;
  return market === 'network_b'
    ? NETWORK_B_RISK_CODES.has(status)
    : NETWORK_A_RISK_CODES.has(status);
}

/** network_b `filter_list[0].reason` / `filter_reason`: the post is deleted, blocked or private. */
export function filteredReason(payload: JsonObject): string | null {
  const filter = asObject(at(payload, 'filter_list', 0)) ?? asObject(payload.filter_detail);
  if (!filter) return null;
  return text(firstDefined(filter.reason, filter.filter_reason, filter.notice)) ?? 'filtered';
}

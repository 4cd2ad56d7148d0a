/**
 * Tolerant readers for provider JSON: each returns `null`/`undefined` for anything that is not
 * the expected type, so a missing or odd field becomes "unknown" instead of a crash or a
 * made-up value.
 */

export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Follows a path of keys; `undefined` as soon as a step is missing. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof key === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[key];
    } else {
      const object = asObject(current);
      if (!object) return undefined;
      current = object[key];
    }
  }
  return current;
}

/** The first argument that is not `undefined` or `null`. */
export function firstDefined<T>(...values: (T | undefined | null)[]): T | undefined {
  for (const value of values) if (value !== undefined && value !== null) return value;
  return undefined;
}

/** A non-empty trimmed string; numbers are accepted as their decimal text. */
export function text(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** An id: a string of digits/letters, or a safe integer (an unsafe one has lost digits: refused). */
export function idText(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return /^[0-9A-Za-z_-]+$/.test(trimmed) ? trimmed : null;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
}

/**
 * A count: a non-negative number, or a string holding one (`"12345"`, `"1,234"`). Abbreviations
 * like `"1.2M"` are read too. Anything else is `null`.
 */
export function count(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
  }
  if (typeof value !== 'string') return null;
  const cleaned = value.trim().replace(/[,_\s]/g, '');
  if (/^[0-9]+$/.test(cleaned)) return Number(cleaned);
  const abbreviated = /^([0-9]+(?:\.[0-9]+)?)([KMB])$/i.exec(cleaned);
  if (abbreviated) {
    const scale = { K: 1e3, M: 1e6, B: 1e9 }[abbreviated[2].toUpperCase() as 'K' | 'M' | 'B'];
    return Math.round(Number(abbreviated[1]) * scale);
  }
  return null;
}

/** A positive number of seconds, or `null`. */
export function seconds(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
}

/** Milliseconds to seconds (rounded to 1 ms). */
export function msToSeconds(value: unknown): number | null {
  const ms = seconds(value);
  return ms === null ? null : Math.round(ms) / 1000;
}

/** A unix timestamp (seconds, or milliseconds when it is that large) as ISO 8601. */
export function unixToIso(value: unknown): string | null {
  const number = typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) return null;
  const ms = number > 1e12 ? number : number * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO-parsable date string, or a unix timestamp, as ISO 8601. */
export function dateToIso(value: unknown): string | null {
  if (typeof value === 'string' && !/^[0-9]+$/.test(value.trim())) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  return unixToIso(value);
}

export function bool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return null;
}

/** The first URL of `{url_list: [...]}`, a plain string URL, or `{url}`. */
export function firstUrl(value: unknown): string | null {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? value : null;
  const object = asObject(value);
  if (!object) return null;
  for (const url of asArray(object.url_list ?? object.urlList)) {
    if (typeof url === 'string' && /^https?:\/\//.test(url)) return url;
  }
  return firstUrl(object.url ?? object.uri_url);
}

/** The first of several candidate URLs that is present. */
export function anyUrl(...values: unknown[]): string | null {
  for (const value of values) {
    const url = firstUrl(value);
    if (url) return url;
  }
  return null;
}

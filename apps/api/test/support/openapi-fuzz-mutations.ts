import fc from 'fast-check';

/**
 * The mutations of the hostile-body fuzzer (see openapi-fuzz.ts): wrong types, huge strings,
 * deep nesting, unicode edge cases, prototype-pollution keys, extra and very long fields, arrays
 * for objects, numbers as strings, NaN-ish strings, malformed JSON text and hostile headers.
 */

/** A JSON fragment written into the serialized body as-is (deep nesting, raw numbers). */
class RawJson {
  constructor(readonly text: string) {}
}

export type Json = unknown;
type PathStep = string | number;

export const MUTATION_KINDS = [
  'wrong-type',
  'huge-string',
  'deep-nesting',
  'unicode',
  'proto-key',
  'extra-field',
  'long-key',
  'array-for-object',
  'drop-field',
  'number-as-string',
  'nan-ish',
  'raw-text',
  'header',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

export interface Mutation {
  kind: MutationKind;
  /** Picks the target among the body's paths (modulo their count). */
  pick: number;
  payload: unknown;
}

/** Lone surrogates, bidi controls, zero-width, NUL, combining marks, astral, line separators… */
export const UNICODE_EDGES: readonly string[] = [
  '\ud800',
  '\udfff',
  'a\udc00b',
  '\ud83d',
  '\u202etxt.exe',
  '\u202a\u202b\u202c\u2066\u2067\u2069',
  '\u200b\u200c\u200d\u2060\ufeff',
  '\u0000',
  'nul\u0000inside',
  '\u0001\u0007\u001b[31m\u007f',
  'e\u0301\u0308\u0327\u0338'.repeat(40),
  '\u2028\u2029',
  '\ufffd\ufffe\uffff',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '𝕳𝖊𝖑𝖑𝖔 𠜎𠜱',
  'ｆｕｌｌｗｉｄｔｈ　ｓｐａｃｅ',
  '适合新手的护肤步骤',
  '適合新手的護膚步驟',
  'مرحبا بالعالم',
  '\u0130\u0131\u017f\u212a',
  ' \t\r\n ',
  '\u3000\u00a0\u2003',
  '%00%0d%0a',
  '<script>alert(1)</script>',
  "'; DROP TABLE ledger_entries; --",
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
];

const NAN_ISH: readonly string[] = [
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '0b101',
  '1_000',
  '١٢',
  '５',
  ' 5',
  '5 ',
  '',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '9'.repeat(400),
];

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** The marker the fuzz test looks for on Object.prototype afterwards. */
export const POLLUTION_MARKER = 'reelscoutPolluted';

function protoPayload(): fc.Arbitrary<unknown> {
  return fc.constantFrom<unknown>(
    { [POLLUTION_MARKER]: 'yes', isAdmin: true, apiAccess: true },
    { prototype: { [POLLUTION_MARKER]: 'yes' } },
    { constructor: { prototype: { [POLLUTION_MARKER]: 'yes' } } },
    { toString: 'not a function', valueOf: 1, hasOwnProperty: 'x' },
    'string',
    [{ [POLLUTION_MARKER]: 'yes' }],
    null,
  );
}

function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0,
      2 ** 53,
      -(2 ** 63),
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      '',
      ' ',
      [],
      {},
      [null],
      [[]],
      [{}],
      { $gt: '' },
      { $ne: null },
      { length: 1e9 },
      new RawJson('1e400'),
      new RawJson('-1e400'),
      new RawJson('123456789012345678901234567890'),
      new RawJson('0.0000000000000000000000000001'),
    ),
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );
}

function deepValue(depth: number, shape: 'array' | 'object' | 'mixed'): RawJson {
  if (shape === 'array') return new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
  if (shape === 'object') return new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
  const half = Math.floor(depth / 2);
  return new RawJson(`${'{"x":['.repeat(half)}"deep"${']}'.repeat(half)}`);
}

const RAW_TEXTS: readonly string[] = [
  '',
  '{',
  '}',
  '{"message":',
  '{"message": "hi",}',
  "{'message': 'hi'}",
  '{"message": NaN}',
  '{"message": Infinity}',
  '{"message": undefined}',
  '{"limit": 01}',
  '{"message": "a" "b"}',
  '{"message": "\\x41"}',
  '{"message": "\\ud800"}',
  '{"message": "tab\there"}',
  '// comment\n{"message":"hi"}',
  '\ufeff{"message":"hi"}',
  '{"message":"hi"}garbage',
  '{"message":"hi"}{"message":"again"}',
  '{"message":"a","message":5}',
  '{"__proto__":{"reelscoutPolluted":"yes"},"__proto__":[]}',
  '"just a string"',
  '42',
  'null',
  'true',
  '[]',
  '[{"message":"hi"}]',
  ' '.repeat(60_000),
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"message":"${'\\u0000'.repeat(2_000)}"}`,
  'message=hi&history=x',
  '\u0000\u0001\u0002',
];

const CONTENT_TYPES: readonly (string | null)[] = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/jsonp',
];

function headerPayload(): fc.Arbitrary<Record<string, string | null>> {
  return fc.oneof(
    fc.constantFrom(...CONTENT_TYPES).map((value) => ({ 'content-type': value })),
    fc
      .constantFrom(
        '',
        ' ',
        'x'.repeat(129),
        '../../etc/passwd',
        "' OR 1=1 --",
        '%00',
        'ü',
        'a b',
        'ok-subject',
      )
      .map((value) => ({ 'x-subject': value })),
    fc
      .constantFrom(
        '',
        ' ',
        'k'.repeat(256),
        'ü',
        'fuzz-shared-key',
        'fuzz-shared-key-2',
        'with space',
      )
      .map((value) => ({ 'idempotency-key': value })),
    // A fresh valid key: the response is stored for replay (whatever text it echoes).
    fc.uuid().map((value) => ({ 'idempotency-key': `fuzz-${value}` })),
    fc
      .constantFrom('', 'x'.repeat(300), '<script>', 'id with space', 'short')
      .map((value) => ({ 'x-request-id': value })),
  );
}

export function mutationArbitrary(): fc.Arbitrary<Mutation> {
  const pick = fc.nat();
  const m = <K extends MutationKind>(kind: K, payload: fc.Arbitrary<unknown>) =>
    fc.record({ kind: fc.constant(kind), pick, payload });
  return fc.oneof(
    { weight: 4, arbitrary: m('wrong-type', hostileValue()) },
    {
      weight: 2,
      arbitrary: m(
        'huge-string',
        fc.record({
          length: fc.constantFrom(2_001, 4_096, 20_000, 62_000, 70_000),
          unit: fc.constantFrom('x', 'é', '😀', '\u0000', '\ud800', '\u202e', '\u200b'),
        }),
      ),
    },
    {
      weight: 2,
      arbitrary: m(
        'deep-nesting',
        fc.record({
          depth: fc.constantFrom(16, 64, 512, 2_048, 8_000),
          shape: fc.constantFrom('array' as const, 'object' as const, 'mixed' as const),
        }),
      ),
    },
    { weight: 3, arbitrary: m('unicode', fc.constantFrom(...UNICODE_EDGES)) },
    {
      weight: 3,
      arbitrary: m(
        'proto-key',
        fc.record({ key: fc.constantFrom(...PROTO_KEYS), value: protoPayload() }),
      ),
    },
    {
      weight: 2,
      arbitrary: m(
        'extra-field',
        fc.record({
          key: fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom('', 'a.b', '$where', 'message ', 'Message', 'accountId', 'isAdmin'),
          ),
          value: fc.jsonValue({ maxDepth: 2 }),
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: m('long-key', fc.constantFrom(256, 4_096, 30_000, 70_000)),
    },
    { weight: 2, arbitrary: m('array-for-object', fc.constantFrom('wrap', 'values', 'empty')) },
    { weight: 2, arbitrary: m('drop-field', fc.constant(null)) },
    { weight: 2, arbitrary: m('number-as-string', fc.constant(null)) },
    { weight: 2, arbitrary: m('nan-ish', fc.constantFrom(...NAN_ISH)) },
    { weight: 1, arbitrary: m('raw-text', fc.constantFrom(...RAW_TEXTS)) },
    { weight: 1, arbitrary: m('header', headerPayload()) },
  );
}

/** Sets an own property, even for `__proto__` (plain assignment would change the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof RawJson)
  );
}

/** A deep copy that keeps own `__proto__` keys and `RawJson` fragments. */
export function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (!isObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, clone(value[key]));
  return copy;
}

/** Every path into `body` (root first), bounded in depth and count. */
function pathsOf(body: Json): PathStep[][] {
  const out: PathStep[][] = [];
  const walk = (value: Json, path: PathStep[]) => {
    if (out.length >= 200 || path.length > 6) return;
    out.push(path);
    if (Array.isArray(value)) value.slice(0, 20).forEach((v, i) => walk(v, [...path, i]));
    else if (isObject(value))
      for (const key of Object.keys(value).slice(0, 20)) walk(value[key], [...path, key]);
  };
  walk(body, []);
  return out;
}

function getAt(body: Json, path: PathStep[]): Json {
  let current = body;
  for (const step of path) current = (current as Record<PathStep, Json>)[step];
  return current;
}

/** Replaces the value at `path`; returns the (possibly new) root. */
function setAt(body: Json, path: PathStep[], value: Json): Json {
  if (path.length === 0) return value;
  const parent = getAt(body, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent)) parent[last as number] = value;
  else setOwn(parent as Record<string, unknown>, String(last), value);
  return body;
}

function deleteAt(body: Json, path: PathStep[]): Json {
  if (path.length === 0) return {};
  const parent = getAt(body, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete (parent as Record<string, unknown>)[String(last)];
  return body;
}

export interface FuzzCase {
  /** Which mutations made it (for counts and failure reports). */
  kinds: MutationKind[];
  /** The exact request body text. */
  text: string;
  /** Header overrides; `null` removes the header (e.g. no Content-Type). */
  headers: Record<string, string | null>;
}

export function applyMutation(
  state: { body: Json; raw?: string; headers: Record<string, string | null> },
  mutation: Mutation,
): void {
  const paths = pathsOf(state.body);
  const target = paths[mutation.pick % paths.length];
  const objectPaths = paths.filter((p) => isObject(getAt(state.body, p)));
  const objectTarget = objectPaths.length
    ? objectPaths[mutation.pick % objectPaths.length]
    : undefined;
  const leafPaths = paths.filter((p) => p.length > 0);
  const leaf = leafPaths.length ? leafPaths[mutation.pick % leafPaths.length] : undefined;
  // Payloads can be shared constants: mutate copies only.
  const payload = clone(mutation.payload) as never;

  switch (mutation.kind) {
    case 'wrong-type':
      state.body = setAt(state.body, leaf ?? target, payload);
      break;
    case 'huge-string': {
      const { length, unit } = payload as { length: number; unit: string };
      state.body = setAt(state.body, leaf ?? target, unit.repeat(Math.ceil(length / unit.length)));
      break;
    }
    case 'deep-nesting': {
      const { depth, shape } = payload as { depth: number; shape: 'array' | 'object' | 'mixed' };
      state.body = setAt(state.body, leaf ?? target, deepValue(depth, shape));
      break;
    }
    case 'unicode': {
      const current = leaf ? getAt(state.body, leaf) : undefined;
      const edge = payload as string;
      // Half the time the edge case is the whole value (a blank or invisible-only field).
      const value =
        typeof current === 'string' && mutation.pick % 2 ? `${current}${edge}${current}` : edge;
      state.body = setAt(state.body, leaf ?? target, value);
      break;
    }
    case 'proto-key': {
      const { key, value } = payload as { key: string; value: unknown };
      if (objectTarget)
        setOwn(getAt(state.body, objectTarget) as Record<string, unknown>, key, value);
      else {
        const wrapper = {};
        setOwn(wrapper, key, value);
        state.body = setAt(state.body, target, wrapper);
      }
      break;
    }
    case 'extra-field':
    case 'long-key': {
      const { key, value } =
        mutation.kind === 'long-key'
          ? { key: 'k'.repeat(payload as number), value: 1 }
          : (payload as { key: string; value: unknown });
      if (objectTarget)
        setOwn(getAt(state.body, objectTarget) as Record<string, unknown>, key, value);
      break;
    }
    case 'array-for-object': {
      const where = objectTarget ?? target;
      const current = getAt(state.body, where);
      const how = payload as 'wrap' | 'values' | 'empty';
      const value =
        how === 'wrap'
          ? [current]
          : how === 'values' && isObject(current)
            ? Object.values(current)
            : [];
      state.body = setAt(state.body, where, value);
      break;
    }
    case 'drop-field':
      if (leaf) state.body = deleteAt(state.body, leaf);
      break;
    case 'number-as-string': {
      const where = leaf ?? target;
      const current = getAt(state.body, where);
      const value =
        typeof current === 'number'
          ? String(current)
          : typeof current === 'string'
            ? current.length % 2
              ? current.length
              : new RawJson(String(current.length + 0.5))
            : '1';
      state.body = setAt(state.body, where, value);
      break;
    }
    case 'nan-ish':
      state.body = setAt(state.body, leaf ?? target, payload);
      break;
    case 'raw-text':
      state.raw = payload as string;
      break;
    case 'header':
      Object.assign(state.headers, payload as Record<string, string | null>);
      break;
  }
}

/** JSON text of `body`, with `RawJson` fragments written verbatim. */
export function serialize(body: Json): string {
  const fragments: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof RawJson) {
      fragments.push(value.text);
      return `\u0000raw${fragments.length - 1}\u0000`;
    }
    return value;
  });
  if (text === undefined) return '';
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => fragments[Number(i)]);
}

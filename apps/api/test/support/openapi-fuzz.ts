import fc from 'fast-check';
import { ERROR_STATUS } from '@reelscout/domain';
import {
  applyMutation,
  clone,
  mutationArbitrary,
  serialize,
  type FuzzCase,
  type Json,
  type Mutation,
} from './openapi-fuzz-mutations';

export {
  MUTATION_KINDS,
  POLLUTION_MARKER,
  UNICODE_EDGES,
  serialize,
  type FuzzCase,
  type MutationKind,
} from './openapi-fuzz-mutations';

/**
 * Hostile request bodies built from an operation's OpenAPI request schema (fast-check):
 * a body that satisfies the schema (or a given seed body), then 1–3 mutations of it — wrong
 * types, huge strings, deep nesting, unicode edge cases, prototype-pollution keys, extra and
 * very long fields, arrays for objects, numbers as strings, NaN-ish strings, malformed JSON
 * text and hostile headers (those live in openapi-fuzz-mutations.ts). Plus the check every
 * non-2xx answer must pass: the error envelope.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: RequestBody }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RequestBody {
  content?: Record<string, { schema?: JsonSchema }>;
}

export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The JSON request schema of `method path`, resolved. */
export function requestBodySchema(doc: OpenApiDocument, path: string, method = 'post'): JsonSchema {
  const schema = doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} has no JSON request schema`);
  return resolveSchema(doc, schema);
}

/** Values that satisfy `schema` (strings kept short and printable). */
export function schemaArbitrary(
  doc: OpenApiDocument,
  raw: JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolveSchema(doc, raw);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const min = Math.max(1, schema.minLength ?? 1);
      const max = Math.min(schema.maxLength ?? 40, 40);
      return fc.string({ minLength: Math.min(min, max), maxLength: max });
    }
    case 'integer':
    case 'number':
      return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1_000 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4 || !schema.items
        ? fc.constant([])
        : fc.array(schemaArbitrary(doc, schema.items, depth + 1), { maxLength: 3 });
    case 'object':
    default: {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        model[name] = schemaArbitrary(doc, property, depth + 1);
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
  }
}

/**
 * Hostile cases for one operation: mostly mutated bodies (1–3 mutations on a schema-valid body
 * or on `seed`), and about 1 in 20 unmutated valid bodies so the charged path runs too.
 */
export function hostileCaseArbitrary(
  doc: OpenApiDocument,
  schema: JsonSchema,
  seed: Record<string, unknown>,
): fc.Arbitrary<FuzzCase> {
  const base = fc.oneof(schemaArbitrary(doc, schema), fc.constant(seed));
  const mutations = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 19, arbitrary: fc.array(mutationArbitrary(), { minLength: 1, maxLength: 3 }) },
  );
  return fc.tuple(base, mutations).map(([body, list]) => {
    const state: { body: Json; raw?: string; headers: Record<string, string | null> } = {
      body: clone(body),
      headers: {},
    };
    for (const mutation of list) applyMutation(state, mutation);
    return {
      kinds: list.map((m) => m.kind),
      text: state.raw ?? serialize(state.body),
      headers: state.headers,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The error envelope

const ENVELOPE_KEYS = new Set(['code', 'message', 'param', 'requestId']);
const LEAKS =
  /node_modules|\bat [\w.<>]+ \(|QueryFailedError|syntax error at or near|violates|duplicate key|ECONNREFUSED|TypeError|RangeError|stack/;

/**
 * Why a non-2xx answer is not the error envelope, or null when it is. An idempotent replay
 * (`Idempotent-Replayed: true`) is the stored response byte for byte, so its `requestId` names
 * the original call, not this request's `x-request-id`: the caller checks it against the ids it
 * has seen.
 */
export function envelopeProblem(res: {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}): string | null {
  const replayed = res.headers['idempotent-replayed'] === 'true';
  const body = res.body as { error?: Record<string, unknown> } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') return `body keys ${JSON.stringify(keys)}`;
  const error = body.error;
  if (!error || typeof error !== 'object') return 'error is not an object';
  for (const key of Object.keys(error))
    if (!ENVELOPE_KEYS.has(key)) return `unexpected error key ${key}`;
  const code = error.code;
  if (typeof code !== 'string' || !(code in ERROR_STATUS)) return `unknown code ${String(code)}`;
  if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== res.status)
    return `code ${code} with status ${res.status}`;
  if (typeof error.message !== 'string' || error.message.length === 0) return 'no message';
  if (LEAKS.test(error.message)) return `message leaks internals: ${error.message}`;
  if (error.param !== undefined && typeof error.param !== 'string') return 'param is not a string';
  if (typeof error.requestId !== 'string' || error.requestId.length === 0) return 'no requestId';
  if (!replayed && error.requestId !== res.headers['x-request-id'])
    return 'requestId is not x-request-id';
  return null;
}

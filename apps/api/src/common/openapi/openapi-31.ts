/**
 * OpenAPI 3.0 → 3.1 schema fixes for the document @nestjs/swagger builds. Nest writes schemas in
 * the 3.0 dialect even when the document says `openapi: 3.1.0`; 3.1 schemas are JSON Schema 2020-12,
 * which has no `nullable`. Pure functions: the input is never modified.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Keys whose values are data (instances), not schemas: never rewritten. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Keywords of a nullable schema that describe the whole value, kept beside the `anyOf`. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'deprecated',
  'readOnly',
  'writeOnly',
  'example',
  'examples',
  'default',
  'externalDocs',
]);

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One schema with 3.0's `nullable` (already converted below) in the 3.1 form. */
function nullableTo31(schema: JsonObject): JsonObject {
  const { nullable, ...rest } = schema;
  if (nullable !== true) return rest;
  const composed = '$ref' in rest || 'allOf' in rest || 'oneOf' in rest || 'anyOf' in rest;
  if (!composed && rest.type !== undefined) {
    const types = Array.isArray(rest.type) ? rest.type : [rest.type];
    const out: JsonObject = { ...rest, type: types.includes('null') ? types : [...types, 'null'] };
    if (Array.isArray(rest.enum) && !rest.enum.includes(null)) out.enum = [...rest.enum, null];
    return out;
  }
  if (!composed) return rest; // `nullable` without a type: any value, null included.
  // `$ref`/`allOf`/…: the value is that schema or null. Nest adds `type: 'object'` beside an
  // `allOf` of one `$ref`; the `$ref` says it already.
  const annotations: JsonObject = {};
  const value: JsonObject = {};
  for (const [key, item] of Object.entries(rest)) {
    if (ANNOTATIONS.has(key)) annotations[key] = item;
    else if (key !== 'type' || !('$ref' in rest || 'allOf' in rest)) value[key] = item;
  }
  const allOf = value.allOf;
  const single =
    Object.keys(value).length === 1 && Array.isArray(allOf) && allOf.length === 1
      ? (allOf[0] as JsonObject)
      : value;
  return { ...annotations, anyOf: [single, { type: 'null' }] };
}

function convert(node: Json): Json {
  if (Array.isArray(node)) return node.map(convert);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = DATA_KEYS.has(key) ? value : convert(value);
  }
  return typeof out.nullable === 'boolean' ? nullableTo31(out) : out;
}

/**
 * Rewrites every `nullable` schema of `document` for OpenAPI 3.1: `{type: T, nullable: true}` →
 * `{type: [T, 'null']}` (with `null` added to an `enum`); `{$ref | allOf | oneOf | anyOf, nullable:
 * true}` → `{anyOf: [that schema, {type: 'null'}]}` with its description beside; `nullable: false`
 * is dropped. Examples, defaults and enums are data and are left as they are.
 */
export function toOpenApi31Schemas<T extends object>(document: T): T {
  return convert(document as unknown as Json) as unknown as T;
}

/**
 * Makes every component schema that lists its properties refuse others
 * (`additionalProperties: false`) unless it says otherwise: the DTOs document exactly the fields
 * sent (see the `*-dto.spec.ts` tests), and request bodies refuse unknown fields.
 */
export function closeComponentSchemas<T extends object>(document: T): T {
  const doc = document as unknown as JsonObject;
  const components = doc.components;
  if (!isObject(components) || !isObject(components.schemas)) return document;
  const schemas = Object.fromEntries(
    Object.entries(components.schemas).map(([name, schema]) => [
      name,
      isObject(schema) && isObject(schema.properties) && !('additionalProperties' in schema)
        ? { ...schema, additionalProperties: false }
        : schema,
    ]),
  );
  return { ...doc, components: { ...components, schemas } } as unknown as T;
}

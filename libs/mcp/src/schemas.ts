/**
 * The tools' JSON Schemas, derived from the OpenAPI document the API serves: the request body
 * schema of each operation (the same DTOs that validate `/v1`), dereferenced and made plain JSON
 * Schema. `npm run generate` writes them to `generated/tool-schemas.json`; an e2e test
 * checks that file against the document a test app serves at `/openapi.json`.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = { [key: string]: Json };

export const TOOL_NAMES = [
  'assist',
  'scan',
  'playbook',
  'music',
  'get_trends',
  'get_job',
  'get_balance',
  'create_watch',
  'list_watches',
  'run_watch',
  'get_usage',
  'track_creator',
  'get_creator_report',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export interface ToolSchemas {
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema: JsonSchema & { type: 'object' };
}

/** Where each tool's schemas come from in the document. */
const SOURCES: Record<ToolName, { path: string; method: 'get' | 'post' }> = {
  assist: { path: '/v1/assist', method: 'post' },
  scan: { path: '/v1/scan', method: 'post' },
  playbook: { path: '/v1/playbook', method: 'post' },
  music: { path: '/v1/music', method: 'post' },
  get_trends: { path: '/v1/trends', method: 'post' },
  get_job: { path: '/v1/jobs/{id}', method: 'get' },
  get_balance: { path: '/v1/balance', method: 'get' },
  create_watch: { path: '/v1/watches', method: 'post' },
  list_watches: { path: '/v1/watches', method: 'get' },
  run_watch: { path: '/v1/watches/{id}/run', method: 'post' },
  get_usage: { path: '/v1/usage', method: 'get' },
  track_creator: { path: '/v1/watches', method: 'post' },
  get_creator_report: { path: '/v1/watches/{id}', method: 'get' },
};

/** The fields of `POST /v1/watches` a creator watch takes (`kind` is the tool's to set). */
const CREATOR_FIELDS = ['creator', 'market', 'interval', 'outlier_multiple'];

/** OpenAPI-only keywords that mean nothing to a JSON Schema validator or a model. */
const DROPPED = new Set(['xml', 'externalDocs', 'discriminator']);

/** What a tool answers when the API refused the call: the API's error, without its request id. */
const TOOL_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: "The API refused the call (the tool result has `isError: true`): the API's error.",
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', description: 'Stable error code, e.g. `invalid_request`.' },
        message: { type: 'string' },
        param: { type: 'string', description: 'The offending argument, when there is one.' },
        status: { type: 'integer', description: 'The HTTP status the API answered.' },
        requestId: { type: 'string' },
      },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject | undefined> | undefined>;
  components?: { schemas?: Record<string, JsonSchema> };
};
type OperationObject = {
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: JsonSchema;
  }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A schema with every `$ref` to `#/components/schemas/…` replaced by its target (the request
 * and response DTOs are trees: a cycle would be an error), `nullable` turned into a `null`
 * type, `example` into `examples`, and OpenAPI-only keywords dropped. A lone `allOf` wrapper
 * (how Nest documents a described `$ref`) is merged into its parent.
 */
export function toJsonSchema(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  seen: string[] = [],
): JsonSchema {
  const convert = (value: Json, trail: string[]): Json => {
    if (Array.isArray(value)) return value.map((item) => convert(item, trail));
    if (!isObject(value)) return value;
    if (typeof value.$ref === 'string') {
      const name = /^#\/components\/schemas\/(.+)$/.exec(value.$ref)?.[1];
      if (!name || !components[name]) throw new Error(`unresolvable $ref ${value.$ref}`);
      if (trail.includes(name)) throw new Error(`recursive schema ${[...trail, name].join(' → ')}`);
      const { $ref: _ref, ...siblings } = value;
      const target = convert(components[name], [...trail, name]) as JsonSchema;
      return { ...target, ...(convert(siblings, trail) as JsonSchema) };
    }
    let out: JsonSchema = {};
    for (const [key, child] of Object.entries(value)) {
      if (DROPPED.has(key) || key === 'nullable' || key.startsWith('x-')) continue;
      if (key === 'example') {
        if (!('examples' in value)) out.examples = [convert(child, trail)];
        continue;
      }
      // Keys of `properties` are names, not keywords: convert each value, keep each name.
      if (key === 'properties' && isObject(child)) {
        out.properties = Object.fromEntries(
          Object.entries(child).map(([name, sub]) => [name, convert(sub, trail)]),
        );
        continue;
      }
      out[key] = convert(child, trail);
    }
    if (Array.isArray(out.allOf) && out.allOf.length === 1 && isObject(out.allOf[0])) {
      const { allOf, ...rest } = out;
      out = { ...(allOf[0] as JsonSchema), ...rest };
    }
    if (value.nullable === true) out = nullable(out);
    return out;
  };
  return convert(schema, seen) as JsonSchema;
}

/** The schema that also accepts `null`. */
function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') {
    const out: JsonSchema = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  if (Array.isArray(schema.type)) {
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

function operation(doc: OpenApiDocument, tool: ToolName): OperationObject {
  const { path, method } = SOURCES[tool];
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`the OpenAPI document has no ${method.toUpperCase()} ${path}`);
  return found;
}

function jsonContent(
  holder: { content?: Record<string, { schema?: JsonSchema }> } | undefined,
  what: string,
): JsonSchema {
  const schema = holder?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`the OpenAPI document has no JSON schema for ${what}`);
  return schema;
}

function asObjectSchema(schema: JsonSchema, what: string): JsonSchema & { type: 'object' } {
  if (schema.type !== 'object') throw new Error(`${what} is not an object schema`);
  return schema as JsonSchema & { type: 'object' };
}

/**
 * Every tool's input and output schema, from the served OpenAPI document. Inputs: the request
 * body of the operation (`additionalProperties: false`: the API refuses unknown fields), the
 * path parameter of `get_job` and `run_watch`, the query of `list_watches` and `get_usage`, nothing for
 * `get_balance`. Outputs: the 200 body, or the API's
 * error (a tool error carries it as structured content too).
 */
export function toolSchemasFromOpenApi(document: unknown): Record<ToolName, ToolSchemas> {
  const doc = document as OpenApiDocument;
  const components = doc.components?.schemas ?? {};
  const convert = (schema: JsonSchema) => toJsonSchema(schema, components);
  const output = (tool: ToolName): ToolSchemas['outputSchema'] => {
    const { path, method } = SOURCES[tool];
    const responses = operation(doc, tool).responses;
    const ok = convert(
      jsonContent(responses?.['200'] ?? responses?.['201'], `${method} ${path} 200`),
    );
    return { type: 'object', anyOf: [ok, TOOL_ERROR_SCHEMA] };
  };
  const body = (tool: ToolName): ToolSchemas['inputSchema'] => {
    const { path } = SOURCES[tool];
    const schema = convert(jsonContent(operation(doc, tool).requestBody, `POST ${path}`));
    return { ...asObjectSchema(schema, `POST ${path}'s body`), additionalProperties: false };
  };
  /** A component schema of the document, dereferenced. */
  const component = (name: string): JsonSchema => {
    if (!components[name]) throw new Error(`the OpenAPI document has no ${name} schema`);
    return convert({ $ref: `#/components/schemas/${name}` });
  };
  /** `POST /v1/watches`'s body narrowed to a creator watch's fields. */
  const creatorBody = (): ToolSchemas['inputSchema'] => {
    const full = body('track_creator');
    const properties = full.properties as Record<string, Json>;
    return {
      type: 'object',
      properties: Object.fromEntries(CREATOR_FIELDS.map((name) => [name, properties[name]])),
      required: ['creator', 'interval'],
      additionalProperties: false,
    };
  };
  const jobId = operation(doc, 'get_job').parameters?.find(
    (p) => p.in === 'path' && p.name === 'id',
  );
  if (!jobId?.schema) throw new Error('GET /v1/jobs/{id} has no `id` parameter');
  /** The query parameters of a list, as the tool's arguments. */
  const query = (tool: ToolName): ToolSchemas['inputSchema'] => ({
    type: 'object',
    properties: Object.fromEntries(
      (operation(doc, tool).parameters ?? [])
        .filter((p) => p.in === 'query' && p.schema)
        .map((p) => [
          p.name,
          { ...convert(p.schema!), ...(p.description ? { description: p.description } : {}) },
        ]),
    ),
    additionalProperties: false,
  });
  return {
    assist: { inputSchema: body('assist'), outputSchema: output('assist') },
    scan: { inputSchema: body('scan'), outputSchema: output('scan') },
    playbook: { inputSchema: body('playbook'), outputSchema: output('playbook') },
    music: { inputSchema: body('music'), outputSchema: output('music') },
    get_trends: { inputSchema: body('get_trends'), outputSchema: output('get_trends') },
    get_job: {
      inputSchema: {
        type: 'object',
        properties: {
          id: {
            ...convert(jobId.schema),
            description:
              jobId.description ?? 'The job id (`job_…`), from a tool result or `x-job-id`.',
          },
        },
        required: ['id'],
        additionalProperties: false,
      },
      outputSchema: output('get_job'),
    },
    get_balance: {
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      outputSchema: output('get_balance'),
    },
    create_watch: { inputSchema: body('create_watch'), outputSchema: output('create_watch') },
    list_watches: { inputSchema: query('list_watches'), outputSchema: output('list_watches') },
    run_watch: {
      inputSchema: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
            format: 'uuid',
            description: 'The watch id, from `create_watch` or `list_watches`.',
          },
        },
        required: ['id'],
        additionalProperties: false,
      },
      outputSchema: output('run_watch'),
    },
    get_usage: { inputSchema: query('get_usage'), outputSchema: output('get_usage') },
    track_creator: {
      inputSchema: creatorBody(),
      outputSchema: output('track_creator'),
    },
    get_creator_report: {
      inputSchema: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
            format: 'uuid',
            description: 'The creator watch id, from `track_creator` or `list_watches`.',
          },
          days: {
            type: 'integer',
            minimum: 1,
            maximum: 365,
            description: 'Only snapshots of the last this many days (default: from the first).',
          },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: 100,
            default: 20,
            description: 'Most recent posts to include.',
          },
        },
        required: ['id'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        anyOf: [
          {
            type: 'object',
            properties: {
              watch: component('WatchResponseDto'),
              snapshots: { type: 'array', items: component('CreatorSnapshotResponseDto') },
              posts: { type: 'array', items: component('CreatorPostResponseDto') },
            },
            required: ['watch', 'snapshots', 'posts'],
          },
          TOOL_ERROR_SCHEMA,
        ],
      },
    },
  };
}

/** The committed file's text: stable key order, two-space JSON, a final newline. */
export function renderToolSchemas(schemas: Record<ToolName, ToolSchemas>): string {
  return `${JSON.stringify(schemas, null, 2)}\n`;
}

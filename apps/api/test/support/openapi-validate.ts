import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Schema = Record<string, unknown>;

interface MediaTypeDoc {
  schema?: Schema;
}
interface ResponseDoc {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaTypeDoc>;
}
interface OperationDoc {
  operationId?: string;
  responses: Record<string, ResponseDoc>;
}
export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, OperationDoc>>;
  components?: Record<string, Record<string, unknown>>;
}

/** What `expectDocumented` reads of a response (supertest's `Response` has it). */
export interface RealResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text?: string;
}

/** The id under which a document's components are registered with its Ajv instance. */
const DOC_ID = 'https://reelscout.invalid/openapi.json';

interface Compiled {
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}
const compiled = new WeakMap<OpenApiDoc, Compiled>();

/**
 * One Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1 schemas) per document, holding its
 * components; `#/components/...` references then resolve against the document.
 */
function ajvFor(doc: OpenApiDoc): Compiled {
  let entry = compiled.get(doc);
  if (!entry) {
    // strict: false — OpenAPI's own keywords (`example`, `xml`, …) are annotations to Ajv.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} });
    entry = { ajv, validators: new Map() };
    compiled.set(doc, entry);
  }
  return entry;
}

/** The schema with its document-local references (`#/…`) pointing into the registered document. */
function anchored(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(anchored);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${DOC_ID}${value}`
        : anchored(value),
    ]),
  );
}

/** A `#/components/...` reference of the document, resolved. */
function resolveRef<T>(doc: OpenApiDoc, ref: string): T {
  const parts = ref.replace(/^#\//, '').split('/');
  let node: unknown = doc;
  for (const part of parts) {
    node = (node as Record<string, unknown> | undefined)?.[
      part.replace(/~1/g, '/').replace(/~0/g, '~')
    ];
  }
  if (node === undefined) throw new Error(`unresolvable reference ${ref}`);
  return node as T;
}

const formatErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .map((e) => `  ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');

/**
 * Asserts that a real response is what the document says `method path` answers with this status:
 * the status is documented (exactly, or as `4XX`/`default`), and the JSON body validates against
 * that response's schema, references resolved. Fails with Ajv's errors and the body.
 * `path` is the document's path template (`/v1/jobs/{id}`).
 */
export function expectDocumented(
  doc: OpenApiDoc,
  method: string,
  path: string,
  res: RealResponse,
): void {
  const where = `${method.toUpperCase()} ${path} → ${res.status}`;
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${where}: the document has no such operation`);
  const status = String(res.status);
  let response =
    operation.responses[status] ??
    operation.responses[`${status[0]}XX`] ??
    operation.responses.default;
  if (!response) {
    throw new Error(
      `${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')}); body ${JSON.stringify(res.body)}`,
    );
  }
  if (response.$ref) response = resolveRef<ResponseDoc>(doc, response.$ref);
  const contentType = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  const media = response.content?.[contentType];
  if (!media) {
    const hasBody = (res.text ?? '') !== '';
    if (!hasBody && !response.content) return;
    throw new Error(
      `${where}: content type "${contentType}" not documented (documented: ${Object.keys(response.content ?? {}).join(', ') || 'no body'})`,
    );
  }
  if (!media.schema) throw new Error(`${where}: "${contentType}" has no schema`);
  const { ajv, validators } = ajvFor(doc);
  const key = `${method.toLowerCase()} ${path} ${status} ${contentType}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(anchored(media.schema) as Schema);
    validators.set(key, validate);
  }
  if (!validate(res.body)) {
    throw new Error(
      `${where}: the body does not match the documented schema:\n${formatErrors(validate.errors)}\nbody: ${JSON.stringify(res.body).slice(0, 2000)}`,
    );
  }
}

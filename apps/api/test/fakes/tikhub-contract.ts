import contract from './contract/tikhub-contract.json';

/**
 * The video-data provider's published contract (TikHub API V5.3.2), as data: for every endpoint
 * the live adapter calls, its method, parameters (name, place, type, required flag, enum,
 * documented limits) and deprecation. The fake provider checks each request against it and
 * answers the way the real API (FastAPI) does: 422 with `{detail: [{loc, msg, type}]}`.
 *
 * The facts live in `contract/tikhub-contract.json`, gathered from the provider's published
 * documentation; each endpoint names its sources.
 */
export interface ContractParam {
  name: string;
  in: 'query' | 'body';
  type: 'string' | 'integer' | 'boolean';
  required: boolean;
  default?: unknown;
  enum?: (string | number)[];
  /** Documented largest value of a count parameter. */
  maximum?: number;
  /** Documented most entries of a comma-separated list. */
  maxListItems?: number;
}

export interface ContractEndpoint {
  method: 'GET' | 'POST';
  path: string;
  deprecated: boolean;
  params: ContractParam[];
  /** Parameters the contract makes optional one by one but of which one must be sent, non-empty. */
  requiresOneOf?: string[];
  source: string;
  example?: unknown;
}

export interface ValidationIssue {
  loc: string[];
  msg: string;
  type: string;
}

export const TIKHUB_CONTRACT: readonly ContractEndpoint[] = (
  contract as unknown as { endpoints: ContractEndpoint[] }
).endpoints;

const BY_PATH = new Map(TIKHUB_CONTRACT.map((endpoint) => [endpoint.path, endpoint]));

export function contractFor(path: string): ContractEndpoint | undefined {
  return BY_PATH.get(path);
}

/** The spec's own response example for an endpoint (only some endpoints publish one). */
export function contractExample(path: string): unknown {
  const example = BY_PATH.get(path)?.example;
  return example === undefined ? undefined : structuredClone(example);
}

const BOOLEAN_TEXT = new Set(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']);

/**
 * The validation errors a request to `endpoint` draws, FastAPI style: a parameter the contract
 * does not define, a missing required one, a value of the wrong type, outside its enum, or past
 * a documented limit. Empty when the request follows the contract.
 */
export function validateRequest(
  endpoint: ContractEndpoint,
  request: { method: string; query: URLSearchParams; json?: unknown; bodyText: string },
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (request.method !== endpoint.method) {
    return [
      { loc: ['method'], msg: `method must be ${endpoint.method}`, type: 'method_not_allowed' },
    ];
  }
  const defined = new Map(endpoint.params.map((param) => [`${param.in}:${param.name}`, param]));

  for (const name of new Set(request.query.keys())) {
    if (!defined.has(`query:${name}`)) {
      issues.push({
        loc: ['query', name],
        msg: 'extra fields not permitted',
        type: 'value_error.extra',
      });
    }
  }
  let body: Record<string, unknown> = {};
  if (endpoint.method === 'POST') {
    if (
      request.json === undefined ||
      request.json === null ||
      typeof request.json !== 'object' ||
      Array.isArray(request.json)
    ) {
      issues.push({ loc: ['body'], msg: 'value is not a valid dict', type: 'type_error.dict' });
    } else {
      body = request.json as Record<string, unknown>;
      for (const name of Object.keys(body)) {
        if (!defined.has(`body:${name}`)) {
          issues.push({
            loc: ['body', name],
            msg: 'extra fields not permitted',
            type: 'value_error.extra',
          });
        }
      }
    }
  } else if (request.bodyText.trim() !== '') {
    issues.push({ loc: ['body'], msg: 'a GET request has no body', type: 'value_error.extra' });
  }

  if (
    endpoint.requiresOneOf &&
    !endpoint.requiresOneOf.some((name) => (request.query.get(name) ?? '') !== '')
  ) {
    issues.push({
      loc: ['query'],
      msg: `one of ${endpoint.requiresOneOf.join(', ')} is required`,
      type: 'value_error.missing',
    });
  }
  for (const param of endpoint.params) {
    const present = param.in === 'query' ? request.query.has(param.name) : param.name in body;
    if (!present) {
      if (param.required) {
        issues.push({
          loc: [param.in, param.name],
          msg: 'field required',
          type: 'value_error.missing',
        });
      }
      continue;
    }
    const value = param.in === 'query' ? request.query.get(param.name)! : body[param.name];
    const issue = checkValue(param, value, param.in === 'query');
    if (issue) issues.push({ loc: [param.in, param.name], ...issue });
  }
  return issues;
}

function checkValue(
  param: ContractParam,
  value: unknown,
  fromQuery: boolean,
): Omit<ValidationIssue, 'loc'> | null {
  switch (param.type) {
    case 'integer': {
      const number = fromQuery
        ? /^-?[0-9]+$/.test(String(value))
          ? Number(value)
          : NaN
        : typeof value === 'number' && Number.isInteger(value)
          ? value
          : NaN;
      if (Number.isNaN(number))
        return { msg: 'value is not a valid integer', type: 'type_error.integer' };
      if (param.enum && !param.enum.map(Number).includes(number)) return enumIssue(param);
      if (param.maximum !== undefined && number > param.maximum) {
        return {
          msg: `ensure this value is less than or equal to ${param.maximum}`,
          type: 'value_error.number.not_le',
        };
      }
      return null;
    }
    case 'boolean': {
      const ok = fromQuery
        ? BOOLEAN_TEXT.has(String(value).toLowerCase())
        : typeof value === 'boolean';
      return ok ? null : { msg: 'value could not be parsed to a boolean', type: 'type_error.bool' };
    }
    case 'string': {
      if (!fromQuery && typeof value !== 'string')
        return { msg: 'str type expected', type: 'type_error.str' };
      const text = String(value);
      if (param.enum && !param.enum.map(String).includes(text)) return enumIssue(param);
      if (
        param.maxListItems !== undefined &&
        text.split(',').filter(Boolean).length > param.maxListItems
      ) {
        return {
          msg: `at most ${param.maxListItems} comma-separated values`,
          type: 'value_error.list.max_items',
        };
      }
      return null;
    }
  }
}

function enumIssue(param: ContractParam): Omit<ValidationIssue, 'loc'> {
  return {
    msg: `value is not a valid enumeration member; permitted: ${param.enum!.map((value) => `'${value}'`).join(', ')}`,
    type: 'type_error.enum',
  };
}

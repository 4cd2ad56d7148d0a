import { DomainError } from '@reelscout/domain';
import express, { type NextFunction, type Request, type Response } from 'express';
import { sendError } from '../errors/error-envelope';
import { requestIdOf } from './request-id';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Deepest nesting of arrays and objects a body may have. Our request bodies need four levels at
 * most; the validation stack (class-transformer, class-validator) recurses per level and
 * overflows the call stack around a thousand, which would be a 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Keys no request body has: JSON.parse makes them own properties, which object spreads and
 * class-transformer may then treat as the prototype (and which the whitelist let through).
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function joinParam(parent: string, key: string | number): string {
  return typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;
}

const NUL = '\u0000';

function nulMessage(param: string): string {
  return `\`${param}\` contains a NUL character (U+0000), which no field may contain.`;
}

/**
 * Why a parsed body cannot be validated safely: nested deeper than `MAX_JSON_DEPTH`, carrying
 * a prototype key, or a NUL character in a string or key (Postgres text cannot hold U+0000: it
 * failed whichever query it reached, as a 500). Iterative, so the check cannot overflow the stack.
 */
export function jsonShapeProblem(value: unknown): { message: string; param?: string } | null {
  const stack: [unknown, number, string][] = [[value, 1, '']];
  while (stack.length > 0) {
    const [current, depth, path] = stack.pop()!;
    if (typeof current === 'string' && current.includes(NUL)) {
      return { message: nulMessage(path || 'body'), param: path || undefined };
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) {
      return {
        message: `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
      };
    }
    // Children are pushed last-first, so problems are reported in document order.
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push([current[i], depth + 1, joinParam(path, i)]);
      continue;
    }
    const entries = Object.entries(current);
    for (const [key] of entries) {
      const param = joinParam(path, key);
      if (PROTOTYPE_KEYS.has(key)) return { message: `Unknown field \`${param}\`.`, param };
      if (key.includes(NUL)) return { message: nulMessage(param), param };
    }
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push([entries[i][1], depth + 1, joinParam(path, entries[i][0])]);
  }
  return null;
}

/**
 * The same rule for the URL: a NUL in the path is 404 (no object has such a name), in the query
 * string 400 naming the parameter.
 */
export function urlNulProblem(url: string): DomainError | null {
  if (!/%00/i.test(url)) return null;
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (/%00/i.test(path)) return new DomainError('not_found', 'Not found.');
  for (const [key, value] of new URLSearchParams(url.slice(queryAt + 1))) {
    if (key.includes(NUL) || value.includes(NUL)) {
      const param = key.split(NUL).join('');
      return new DomainError('invalid_request', nulMessage(param), { param });
    }
  }
  return null;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

function isJson(req: Request): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * JSON bodies only, at most 64 KiB and `MAX_JSON_DEPTH` levels deep. Errors come out in the
 * envelope: 413 payload_too_large, 415 unsupported_media_type, 400 invalid_request for malformed
 * JSON, too deep a nesting, a prototype key (`__proto__`, `constructor`, `prototype`) or a NUL
 * character (in the body or the query string; in the path it is 404).
 * Paths in `rawPaths` (signed webhooks) keep their raw bytes in `req.body` as a Buffer.
 */
export function jsonBodyMiddleware(rawPaths: readonly string[] = []) {
  const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true });
  const parseRaw = express.raw({ limit: MAX_BODY_BYTES, type: () => true });

  return (req: Request, res: Response, next: NextFunction): void => {
    const fail = (error: DomainError) => sendError(res, error, requestIdOf(req));
    const inUrl = urlNulProblem(req.originalUrl ?? req.url);
    if (inUrl) return fail(inUrl);
    const onParsed = (error?: { type?: string; status?: number }) => {
      if (!error) {
        // Raw (webhook) bodies are bytes, checked by their signature instead.
        const problem = Buffer.isBuffer(req.body) ? null : jsonShapeProblem(req.body);
        if (problem) {
          return fail(
            new DomainError('invalid_request', problem.message, { param: problem.param }),
          );
        }
        return next();
      }
      if (error.type === 'entity.too.large' || error.status === 413) {
        return fail(
          new DomainError(
            'payload_too_large',
            `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`,
          ),
        );
      }
      if (error.type === 'entity.parse.failed') {
        return fail(new DomainError('invalid_request', 'The request body is not valid JSON.'));
      }
      return fail(
        new DomainError('invalid_request', 'The request body could not be read.', {
          cause: error,
        }),
      );
    };

    if (!METHODS_WITH_BODY.has(req.method) || !hasBody(req)) {
      req.body = {};
      return next();
    }
    if (rawPaths.includes(req.path)) return parseRaw(req, res, onParsed);
    if (!isJson(req)) {
      return fail(
        new DomainError(
          'unsupported_media_type',
          'Send the request body as JSON with Content-Type: application/json.',
        ),
      );
    }
    parseJson(req, res, onParsed);
  };
}

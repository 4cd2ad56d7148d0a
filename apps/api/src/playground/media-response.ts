import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import { DomainError } from '@reelscout/domain';
import type { Request, Response } from 'express';
import type { ErrorDoc } from '../common/openapi/api-errors';
import { sendError, toDomainError, toErrorBody } from '../common/errors/error-envelope';
import { requestIdOf } from '../common/http/request-id';
import type { CachedMedia } from './media-cache';
import { CONTENT_TYPES } from './media-kinds';

/** How long a browser may keep a media file (private: it is the account's own). */
export const MEDIA_MAX_AGE_SECONDS = 3_600;
export const MEDIA_CACHE_CONTROL = `private, max-age=${MEDIA_MAX_AGE_SECONDS}`;

/**
 * Sends a cached file: its content type, `Cache-Control: private`, an ETag (304 on a match),
 * and `Range` support (206 with `Content-Range`; 416 out of range). Resolves once it is sent.
 */
export function sendMedia(req: Request, res: Response, file: CachedMedia): Promise<void> {
  // If-Match and If-Unmodified-Since guard writes; a read of an immutable file ignores them
  // (send would answer 412). If-None-Match (304) and Range (206) still apply.
  delete req.headers['if-match'];
  delete req.headers['if-unmodified-since'];
  return new Promise((resolve) => {
    res.sendFile(
      file.path,
      {
        // The cache directory may sit under a dot-directory (`.data/`).
        dotfiles: 'allow',
        cacheControl: false,
        // A file's mtime is its last use (the cache's LRU order), not a version: no Last-Modified.
        lastModified: false,
        acceptRanges: true,
        headers: {
          'Content-Type': CONTENT_TYPES[file.extension] ?? 'application/octet-stream',
          'Cache-Control': MEDIA_CACHE_CONTROL,
          // Express leaves ETags off (the app disables them); a cached file never changes under
          // its key, so its key's hash and size name its bytes. send answers 304 on a match.
          ETag: `"${file.id.slice(0, 16)}-${file.bytes.toString(16)}"`,
          'Content-Disposition': 'inline',
          'X-Content-Type-Options': 'nosniff',
        },
      },
      (error?: Error & { status?: number; code?: string }) => {
        if (error && !res.headersSent) {
          // send set the file's headers before it failed: the error is JSON, and not cached.
          for (const name of ['Content-Type', 'ETag', 'Last-Modified', 'Content-Disposition'])
            res.removeHeader(name);
          res.setHeader('Cache-Control', 'no-store');
          // The file went (evicted) between the lookup and the send, or a bad Range: say so.
          if (error.status === 416) {
            // send set `Content-Range: bytes */size`; the body is our envelope, status 416.
            const body = toErrorBody(
              new DomainError('invalid_request', 'The Range is not satisfiable.', {
                param: 'Range',
              }),
              requestIdOf(req),
            );
            res.status(416).json(body);
          } else {
            const domain =
              error.code === 'ENOENT' || error.status === 404
                ? new DomainError('not_found', 'This media file is gone; request it again.')
                : toDomainError(error);
            sendError(res, domain, requestIdOf(req));
          }
        }
        resolve();
      },
    );
  });
}

/** OpenAPI of the media routes. */
export const MEDIA_DOCS = {
  /** The 200 (and, for video and audio, the 206 of a Range request) and the 304. */
  ok(contentType: string, ranges: boolean): MethodDecorator {
    const headers = {
      'Cache-Control': { description: '`private, max-age=3600`.', schema: { type: 'string' } },
      ETag: {
        description: 'Send it back in `If-None-Match`: 304 when unchanged.',
        schema: { type: 'string' },
      },
      'Accept-Ranges': { description: '`bytes`.', schema: { type: 'string' } },
    };
    const binary = { schema: { type: 'string', format: 'binary' } };
    const contentTypes =
      contentType === 'audio/mp4' ? ['audio/mp4', 'audio/mpeg', 'audio/ogg'] : [contentType];
    return applyDecorators(
      ApiProduces(...contentTypes),
      ApiResponse({
        status: 200,
        description: `The file (\`${contentTypes.join('`, `')}\`), from our own cache.`,
        headers,
        content: Object.fromEntries(contentTypes.map((type) => [type, binary])),
      }),
      ...(ranges
        ? [
            ApiResponse({
              status: 206,
              description: 'The byte range asked for with `Range`.',
              headers: {
                ...headers,
                'Content-Range': {
                  description: '`bytes start-end/size`.',
                  schema: { type: 'string' },
                },
              },
              content: Object.fromEntries(contentTypes.map((type) => [type, binary])),
            }),
          ]
        : []),
      ApiResponse({ status: 304, description: 'Not modified (`If-None-Match` matched).' }),
    );
  },
  /** The 4xx/5xx of a media route besides the dashboard's common ones. */
  errors(noAccess: string): Record<number, ErrorDoc> {
    return {
      403: { description: noAccess },
      404: {
        description:
          '`not_found`: no such job among the account’s jobs of this mode (`param: id`), the job has ' +
          'not succeeded or analysed no such media, or `index` is out of range (`param: index`).',
        samples: { not_found: { message: 'No such job.', param: 'id' } },
      },
      502: {
        description: '`provider_error`: the media could not be fetched from the provider.',
      },
      503: {
        description: '`provider_unavailable`: the live provider is not configured.',
      },
      504: { description: '`timeout`: fetching or processing the media took too long.' },
    };
  },
};

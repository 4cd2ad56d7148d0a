import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { requestIdOf } from '../http/request-id';
import { ReplayedResponse } from '../http/replayed-response';
import { sendError, toDomainError } from './error-envelope';

/** The one global filter: every error leaves as `{"error": {code, message, param?, requestId}}`. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (exception instanceof ReplayedResponse) {
      const { status, body, headers } = exception.response;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(status).json(body);
      return;
    }
    const error = toDomainError(exception);
    if (error.code === 'internal_error') {
      this.logger.error(
        { err: exception, requestId: requestIdOf(req) },
        'unhandled exception while serving a request',
      );
    }
    sendError(res, error, requestIdOf(req));
  }
}

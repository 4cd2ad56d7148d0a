import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError, type Mode } from '@reelscout/domain';
import type { Request } from 'express';

/** Who is calling a /v1 operation: what every handler receives. */
export interface Caller {
  accountId: string;
  keyId: string;
  mode: Mode;
  /** The end customer named in `x-subject`, or null. */
  subject: string | null;
}

export type CallerRequest = Request & { caller?: Caller };

export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller => {
    const caller = context.switchToHttp().getRequest<CallerRequest>().caller;
    if (!caller) throw new DomainError('unauthorized', 'A valid API key is required.');
    return caller;
  },
);

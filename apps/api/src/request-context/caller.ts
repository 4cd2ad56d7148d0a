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
  /**
   * A key restricted to some operations reaches only what its own line of keys made: its jobs
   * and its Idempotency-Keys. This is the line's id (`api_keys.spend_owner`: the key's own id,
   * or the first id of a line of rolled keys, so a roll keeps the jobs in reach). Null: an
   * unrestricted key, or the dashboard, which reach the whole account.
   */
  confinedTo: string | null;
}

export type CallerRequest = Request & { caller?: Caller };

export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller => {
    const caller = context.switchToHttp().getRequest<CallerRequest>().caller;
    if (!caller) throw new DomainError('unauthorized', 'A valid API key is required.');
    return caller;
  },
);

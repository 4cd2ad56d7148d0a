export { Reelscout, type ClientOptions, DEFAULT_BASE_URL } from './client';
export { type RequestOptions, type ResponseMeta, type WithResponse, VERSION } from './core';
export {
  ReelscoutError,
  APIError,
  InvalidRequestError,
  AuthenticationError,
  InsufficientCreditError,
  SpendLimitError,
  LiveCallsSuspendedError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  IdempotencyError,
  RateLimitError,
  InternalServerError,
  ProviderError,
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  WebhookVerificationError,
} from './errors';
export {
  Page,
  type PagePromise,
  type ListBody,
  CursorPage,
  type CursorPagePromise,
  type CursorListBody,
} from './pagination';
export { Jobs, JobWaitTimeoutError, type WaitOptions } from './resources/jobs';
export { WebhookEndpoints } from './resources/webhook-endpoints';
export { Watches } from './resources/watches';
export { Usage } from './resources/usage';
export { Webhooks, type WebhookHeaders } from './resources/webhooks';
export type * from './types';
export type { components, paths, operations, webhooks } from './generated/openapi';

import { Reelscout } from './client';
export default Reelscout;

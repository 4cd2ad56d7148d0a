/**
 * Wire shapes of the dashboard routes (`/auth/*`, `/account/*`): defined once, here, for the API
 * that sends them (its response DTOs `implements` these) and the dashboard that reads them.
 * Types and constant lists only: this folder imports nothing but `../modes` and `../money` types.
 */
export * from './account.view';
export * from './api-key.view';
export * from './credit.view';
export * from './invite.view';
export * from './ledger.view';
export * from './page.view';
export * from './usage.view';
export * from './job.view';
export * from './webhook.view';
export * from './watch.view';

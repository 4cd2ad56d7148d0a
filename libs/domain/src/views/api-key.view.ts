import type { Mode } from '../modes';

/** Wire shapes of the dashboard's key routes (`/account/keys`). */

export const API_KEY_STATUSES = ['active', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** One key as listed: never the key itself, only its display start. */
export interface ApiKeyView {
  id: string;
  name: string;
  mode: Mode;
  /** Display start such as `rs_test_AbCd…`; the rest of the key is never stored. */
  start: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: ApiKeyStatus;
}

/** `POST /account/keys`: the only time the plaintext `key` exists outside its owner's hands. */
export interface CreatedApiKeyView extends ApiKeyView {
  key: string;
}

/** `GET /account/keys`: the account's keys, newest first. */
export interface ApiKeyListView {
  keys: ApiKeyView[];
}

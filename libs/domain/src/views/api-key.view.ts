import type { Mode } from '../modes';
import type { Micros } from '../money';

/** Wire shapes of the dashboard's key routes (`/account/keys`, `/account/subject-limits`). */

/**
 * `active`: works. `expiring`: rolled, still working until `revokedAt` (its grace period).
 * `expired`: past `expiresAt`, or a rolled key past its grace. `revoked`: revoked.
 */
export const API_KEY_STATUSES = ['active', 'expiring', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** A key's spend limits in micro-USD; null: no limit. Day and month are UTC. */
export interface KeyLimitsView {
  totalMicros: Micros | null;
  dailyMicros: Micros | null;
  monthlyMicros: Micros | null;
}

/** Per end customer (`x-subject`) spend limits in micro-USD per UTC day and month; null: none. */
export interface SubjectLimitsView {
  dailyMicros: Micros | null;
  monthlyMicros: Micros | null;
}

/** What a key has spent: in all, this UTC day and this UTC month (micro-USD). */
export interface KeySpendView {
  totalMicros: Micros;
  dailyMicros: Micros;
  monthlyMicros: Micros;
}

/** The settings of a key the account can change (and the audit trail records). */
export interface ApiKeySettingsView {
  name: string;
  limits: KeyLimitsView;
  /** The operations the key may call; null: all. */
  operations: string[] | null;
  expiresAt: string | null;
  /** Overrides the account's subject limits for calls with this key; null fields: the account's. */
  subjectLimits: SubjectLimitsView;
}

/** One key as listed: never the key itself, only its display start. */
export interface ApiKeyView extends ApiKeySettingsView {
  id: string;
  mode: Mode;
  /** Display start such as `rs_test_AbCd…`; the rest of the key is never stored. */
  start: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** May lie in the future: a rolled key works until then (`status: expiring`). */
  revokedAt: string | null;
  status: ApiKeyStatus;
  /** The key this one was rolled from. */
  rolledFrom: string | null;
  spend: KeySpendView;
}

/** `POST /account/keys` and `…/roll`: the only time the plaintext `key` exists outside its owner's hands. */
export interface CreatedApiKeyView extends ApiKeyView {
  key: string;
}

/** `GET /account/keys`: the account's keys, newest first. */
export interface ApiKeyListView {
  keys: ApiKeyView[];
}

export const KEY_AUDIT_ACTORS = ['account', 'operator'] as const;
export type KeyAuditActor = (typeof KEY_AUDIT_ACTORS)[number];
export const KEY_AUDIT_ACTIONS = ['create', 'update', 'roll', 'revoke', 'subject_limits'] as const;
export type KeyAuditAction = (typeof KEY_AUDIT_ACTIONS)[number];

/** One change to a key (or the account's subject limits): who, when, before → after. */
export interface KeyAuditEntryView {
  id: string;
  /** `account`: the signed-in account (the dashboard); `operator`: the CLI. */
  actor: KeyAuditActor;
  action: KeyAuditAction;
  /** The changed fields before and after (null before a create). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

/** `GET /account/keys/{id}`: the key and its audit trail, newest first. */
export interface ApiKeyDetailView extends ApiKeyView {
  audit: KeyAuditEntryView[];
}

/** `POST /account/keys/{id}/roll`: the new key (shown once) and the old one, now expiring or revoked. */
export interface RolledApiKeyView {
  created: CreatedApiKeyView;
  previous: ApiKeyView;
}

/** `GET/PATCH /account/subject-limits`: the account's default per-subject limits. */
export type AccountSubjectLimitsView = SubjectLimitsView;

import { Injectable, Logger } from '@nestjs/common';
import type { ApiKey } from '@reelscout/database';
import {
  DomainError,
  generateApiKey,
  parseApiKey,
  type ApiKeyView,
  type CreatedApiKeyView,
  type Mode,
} from '@reelscout/domain';
import { sha256Hex } from '../common/crypto/tokens';
import { ApiKeyRepository } from '../repositories/api-key.repository';

/** What authenticating a key yields (before the access check). */
export interface AuthenticatedKey {
  keyId: string;
  accountId: string;
  mode: Mode;
  apiAccess: boolean;
}

/** How long another instance may keep trusting a key after its revocation (ARCH: within 5 s). */
export const KEY_CACHE_TTL_MS = 4_000;
/** last_used_at is written at most this often per key. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;
const CACHE_LIMIT = 10_000;

export function toApiKeyView(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    mode: key.mode,
    start: `${key.displayStart}…`,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
    revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
    status: key.revokedAt ? 'revoked' : 'active',
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger('ApiKeys');
  private readonly cache = new Map<string, { value: AuthenticatedKey | null; until: number }>();
  private readonly lastUsedWrites = new Map<string, number>();

  constructor(private readonly keys: ApiKeyRepository) {}

  /** The plaintext `key` is returned once, here, and never again. */
  async create(accountId: string, input: { name: string; mode: Mode }): Promise<CreatedApiKeyView> {
    const key = generateApiKey(input.mode);
    const parsed = parseApiKey(key)!;
    const row = await this.keys.create(accountId, {
      name: input.name,
      mode: input.mode,
      keyHash: sha256Hex(key),
      displayStart: parsed.displayStart,
    });
    return { ...toApiKeyView(row), key };
  }

  async list(accountId: string): Promise<ApiKeyView[]> {
    const keys = await this.keys.getAll(accountId);
    return keys.map(toApiKeyView);
  }

  /** Revokes one of the account's own keys; another account's key id is "not found". */
  async revoke(accountId: string, keyId: string): Promise<ApiKeyView> {
    if (!UUID.test(keyId)) throw new DomainError('not_found', 'No such API key.');
    await this.keys.revoke(accountId, keyId);
    const key = await this.keys.getById(accountId, keyId);
    if (!key) throw new DomainError('not_found', 'No such API key.');
    this.forgetKey(keyId);
    return toApiKeyView(key);
  }

  /** Operator revocation by key id (CLI). */
  async revokeById(keyId: string): Promise<ApiKeyView> {
    if (!UUID.test(keyId)) throw new DomainError('not_found', 'No such API key.');
    const key = await this.keys.getByIdForOperator(keyId);
    if (!key) throw new DomainError('not_found', 'No such API key.');
    return this.revoke(key.accountId, keyId);
  }

  /**
   * The key's identity, or null for anything that is not a live key of ours. A malformed key
   * or a bad checksum is refused without touching the database. Results are cached briefly,
   * so revocation reaches every instance within KEY_CACHE_TTL_MS (at once on this one).
   */
  async authenticate(token: string): Promise<AuthenticatedKey | null> {
    if (!parseApiKey(token)) return null;
    const hash = sha256Hex(token);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.value;

    const value = await this.keys.getActiveByHash(hash);
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(hash, { value, until: now + KEY_CACHE_TTL_MS });
    if (value) this.touch(value.keyId, now);
    return value;
  }

  /** Records use without a write per call: at most one UPDATE per key per minute per instance. */
  private touch(keyId: string, now: number): void {
    const last = this.lastUsedWrites.get(keyId) ?? 0;
    if (now - last < LAST_USED_WRITE_INTERVAL_MS) return;
    this.lastUsedWrites.set(keyId, now);
    this.keys
      .touchLastUsed(keyId)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not record key use'));
  }

  private forgetKey(keyId: string): void {
    for (const [hash, entry] of this.cache) {
      if (entry.value?.keyId === keyId) this.cache.delete(hash);
    }
  }

  /** Called when an account's access changes on this instance. */
  forgetAccount(accountId: string): void {
    for (const [hash, entry] of this.cache) {
      if (entry.value?.accountId === accountId) this.cache.delete(hash);
    }
  }
}

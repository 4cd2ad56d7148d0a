import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ApiKey } from '@reelscout/database';
import {
  DomainError,
  ROLL_GRACE_SECONDS,
  generateApiKey,
  keyState,
  parseApiKey,
  type AccountSubjectLimitsView,
  type ApiKeyDetailView,
  type ApiKeyView,
  type CreatedApiKeyView,
  type KeyAuditActor,
  type KeyAuditEntryView,
  type KeySpendView,
  type Mode,
  type RolledApiKeyView,
  type SubjectLimitsView,
} from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { Clock } from '../common/clock/clock';
import { apiKeysConfig } from '../config';
import { sha256Hex } from '../common/crypto/tokens';
import {
  ApiKeyRepository,
  settingsOf,
  type ApiKeySettingsRow,
} from '../repositories/api-key.repository';
import { KeyAuditRepository, type KeyAuditRow } from '../repositories/key-audit.repository';
import { parseIsoInstant } from '../usage/dto/usage.dto';
import { BillingService } from '../money/billing.service';
import {
  checkLimit,
  diffSettings,
  toSettingsRow,
  toSettingsView,
  type KeySettingsInput,
} from './key-settings';

/**
 * What authenticating a key yields (before the access, state and scope checks): the key's
 * identity, its scopes and the instants its state turns on, judged on every call by the clock.
 */
export interface AuthenticatedKey {
  keyId: string;
  accountId: string;
  mode: Mode;
  apiAccess: boolean;
  /** The operations it may call; null: all. */
  operations: string[] | null;
  /** Its line of rolled keys (`spend_owner`): whose jobs a restricted key may reach. */
  keyLine: string;
  expiresAt: Date | null;
  /** May lie in the future (a rolled key in its grace period). */
  revokedAt: Date | null;
  /** Rolled: once `revokedAt` has passed, the key is expired (its grace ended), not revoked. */
  rolled: boolean;
}

/**
 * How long another instance may keep trusting a key after its revocation (docs/architecture.md §7:
 * within 5 s).
 */
export const KEY_CACHE_TTL_MS = 4_000;
/** last_used_at is written at most this often per key. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;
const CACHE_LIMIT = 10_000;

const NO_SPEND: KeySpendView = { totalMicros: 0, dailyMicros: 0, monthlyMicros: 0 };

export function toApiKeyView(
  key: ApiKey,
  context: { now: Date; rolled: boolean; spend?: KeySpendView },
): ApiKeyView {
  return {
    id: key.id,
    ...toSettingsView(settingsOf(key)),
    mode: key.mode,
    start: `${key.displayStart}…`,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
    revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
    status: keyState(
      { revokedAt: key.revokedAt, expiresAt: key.expiresAt, rolled: context.rolled },
      context.now,
    ),
    rolledFrom: key.rolledFrom,
    spend: context.spend ?? NO_SPEND,
  };
}

const toAuditView = (row: KeyAuditRow): KeyAuditEntryView => ({
  id: row.id,
  actor: row.actor,
  action: row.action,
  before: row.before,
  after: row.after,
  createdAt: row.created_at.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new DomainError('not_found', 'No such API key.');

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger('ApiKeys');
  private readonly cache = new Map<string, { value: AuthenticatedKey | null; until: number }>();
  private readonly lastUsedWrites = new Map<string, number>();
  /** When each expired key's last `key_expired` usage record was written (this instance). */
  private readonly expiredRecords = new Map<string, number>();
  private readonly maxKeys: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly keys: ApiKeyRepository,
    private readonly audit: KeyAuditRepository,
    private readonly accounts: AccountsService,
    private readonly billing: BillingService,
    private readonly clock: Clock,
    @Inject(apiKeysConfig.KEY) config: ConfigType<typeof apiKeysConfig>,
  ) {
    this.maxKeys = config.maxPerAccount;
  }

  /**
   * The plaintext `key` is returned once, here, and never again. An account holds at most
   * `API_KEYS_MAX_PER_ACCOUNT` live keys (a roll replaces one, so it is not refused).
   */
  async create(
    accountId: string,
    input: KeySettingsInput & { name: string; mode: Mode },
    actor: KeyAuditActor = 'account',
  ): Promise<CreatedApiKeyView> {
    const settings = toSettingsRow(input, this.clock.now(), parseIsoInstant);
    return this.dataSource.transaction(async (manager) => {
      const live = await this.keys.countLiveForCreate(accountId, this.clock.now(), manager);
      if (live >= this.maxKeys) {
        throw new DomainError(
          'resource_limit_reached',
          `This account already has ${live} live API keys, the most allowed (${this.maxKeys}); revoke one first.`,
          { param: 'api_keys' },
        );
      }
      return this.insertKey(accountId, input.mode, settings, null, actor, manager);
    });
  }

  private async insertKey(
    accountId: string,
    mode: Mode,
    settings: Partial<ApiKeySettingsRow>,
    rolledFrom: { id: string; spendOwner: string } | null,
    actor: KeyAuditActor,
    manager: EntityManager,
  ): Promise<CreatedApiKeyView> {
    const key = generateApiKey(mode);
    const parsed = parseApiKey(key)!;
    const row = await this.keys.create(
      accountId,
      {
        ...settings,
        name: settings.name!,
        mode,
        keyHash: sha256Hex(key),
        displayStart: parsed.displayStart,
        rolledFrom: rolledFrom?.id ?? null,
        // A rolled key continues its predecessor's spend windows (one limit, not reset).
        spendOwner: rolledFrom?.spendOwner ?? null,
      },
      manager,
    );
    const view = toApiKeyView(row, { now: this.clock.now(), rolled: false });
    await this.audit.create(
      {
        accountId,
        keyId: row.id,
        actor,
        action: 'create',
        before: null,
        after: {
          ...toSettingsView(settingsOf(row)),
          mode,
          ...(rolledFrom ? { rolledFrom: rolledFrom.id } : {}),
        },
      },
      manager,
    );
    return { ...view, key };
  }

  async list(accountId: string): Promise<ApiKeyView[]> {
    const keys = await this.keys.getAll(accountId);
    const now = this.clock.now();
    const rolled = new Set(keys.map((k) => k.rolledFrom).filter((id) => id !== null));
    const spend = await this.spendOf(keys.map((k) => k.id));
    return keys.map((k) =>
      toApiKeyView(k, { now, rolled: rolled.has(k.id), spend: spend.get(k.id) }),
    );
  }

  /** One of the account's keys with its audit trail (newest first). */
  async get(accountId: string, keyId: string): Promise<ApiKeyDetailView> {
    const view = await this.view(accountId, keyId);
    const audit = await this.audit.getForKey(accountId, keyId);
    return { ...view, audit: audit.map(toAuditView) };
  }

  /** Changes a key's settings (only the fields given); recorded in its audit trail. */
  async update(
    accountId: string,
    keyId: string,
    input: KeySettingsInput,
    actor: KeyAuditActor = 'account',
  ): Promise<ApiKeyView> {
    if (!UUID.test(keyId)) throw notFound();
    const now = this.clock.now();
    const changes = toSettingsRow(input, now, parseIsoInstant);
    await this.dataSource.transaction(async (manager) => {
      const key = await this.keys.getByIdForUpdate(accountId, keyId, manager);
      if (!key) throw notFound();
      const before = settingsOf(key);
      const after = { ...before, ...changes };
      const diff = diffSettings(toSettingsView(before), toSettingsView(after));
      if (!diff) return;
      await this.keys.updateSettings(accountId, keyId, changes, manager);
      await this.audit.create({ accountId, keyId, actor, action: 'update', ...diff }, manager);
    });
    this.forgetKey(keyId);
    return this.view(accountId, keyId);
  }

  /** Operator update by key id (CLI). */
  async updateById(keyId: string, input: KeySettingsInput): Promise<ApiKeyView> {
    const key = UUID.test(keyId) ? await this.keys.getByIdForOperator(keyId) : null;
    if (!key) throw notFound();
    return this.update(key.accountId, keyId, input, 'operator');
  }

  /**
   * A new key with the same settings (shown once, `rolledFrom` the old one); the old one keeps
   * working for `graceSeconds` (0: not at all), then it is revoked. Only an active key rolls.
   */
  async roll(
    accountId: string,
    keyId: string,
    graceSeconds: number,
    actor: KeyAuditActor = 'account',
  ): Promise<RolledApiKeyView> {
    if (!UUID.test(keyId)) throw notFound();
    if (!(ROLL_GRACE_SECONDS as readonly number[]).includes(graceSeconds)) {
      throw new DomainError(
        'invalid_request',
        `\`graceSeconds\` must be one of ${ROLL_GRACE_SECONDS.join(', ')}.`,
        { param: 'graceSeconds' },
      );
    }
    const now = this.clock.now();
    const revokeAt = new Date(now.getTime() + graceSeconds * 1_000);
    const created = await this.dataSource.transaction(async (manager) => {
      const old = await this.keys.getByIdForUpdate(accountId, keyId, manager);
      if (!old) throw notFound();
      const rolled = await this.keys.isRolled(keyId, manager);
      const state = keyState({ revokedAt: old.revokedAt, expiresAt: old.expiresAt, rolled }, now);
      if (state !== 'active') {
        throw new DomainError(
          'invalid_request',
          `Only an active key can be rolled; this one is ${state}.`,
        );
      }
      const settings = settingsOf(old);
      const fresh = await this.insertKey(
        accountId,
        old.mode,
        settings,
        { id: keyId, spendOwner: await this.keys.spendOwnerOf(keyId, manager) },
        actor,
        manager,
      );
      await this.keys.revoke(accountId, keyId, revokeAt, manager);
      await this.audit.create(
        {
          accountId,
          keyId,
          actor,
          action: 'roll',
          before: { revokedAt: null },
          after: { revokedAt: revokeAt.toISOString(), graceSeconds, rolledTo: fresh.id },
        },
        manager,
      );
      return fresh;
    });
    this.forgetKey(keyId);
    return { created, previous: await this.view(accountId, keyId) };
  }

  /** Revokes one of the account's own keys; another account's key id is "not found". */
  async revoke(
    accountId: string,
    keyId: string,
    actor: KeyAuditActor = 'account',
  ): Promise<ApiKeyView> {
    if (!UUID.test(keyId)) throw notFound();
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const key = await this.keys.getByIdForUpdate(accountId, keyId, manager);
      if (!key) throw notFound();
      if (key.revokedAt && key.revokedAt.getTime() <= now.getTime()) return;
      await this.keys.revoke(accountId, keyId, now, manager);
      await this.audit.create(
        {
          accountId,
          keyId,
          actor,
          action: 'revoke',
          before: { revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null },
          after: { revokedAt: now.toISOString() },
        },
        manager,
      );
    });
    this.forgetKey(keyId);
    return this.view(accountId, keyId);
  }

  /** Operator revocation by key id (CLI). */
  async revokeById(keyId: string): Promise<ApiKeyView> {
    if (!UUID.test(keyId)) throw notFound();
    const key = await this.keys.getByIdForOperator(keyId);
    if (!key) throw notFound();
    return this.revoke(key.accountId, keyId, 'operator');
  }

  /** The account's default per-subject limits (a key's own `subjectLimits` override them). */
  subjectLimits(accountId: string): Promise<AccountSubjectLimitsView> {
    return this.accounts.subjectLimits(accountId);
  }

  /** Changes the account's subject limits (fields given only); recorded in the audit trail. */
  async setSubjectLimits(
    accountId: string,
    input: Partial<SubjectLimitsView>,
    actor: KeyAuditActor = 'account',
  ): Promise<AccountSubjectLimitsView> {
    const changes: Partial<SubjectLimitsView> = {};
    if (input.dailyMicros !== undefined)
      changes.dailyMicros = checkLimit(input.dailyMicros, 'dailyMicros');
    if (input.monthlyMicros !== undefined)
      changes.monthlyMicros = checkLimit(input.monthlyMicros, 'monthlyMicros');
    return this.dataSource.transaction(async (manager) => {
      const before = await this.accounts.subjectLimits(accountId, manager, { forUpdate: true });
      const after = { ...before, ...changes };
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await this.accounts.setSubjectLimits(accountId, changes, manager);
        await this.audit.create(
          { accountId, keyId: null, actor, action: 'subject_limits', before, after },
          manager,
        );
      }
      return after;
    });
  }

  /** The account's subject-limit changes, newest first. */
  async subjectLimitsAudit(accountId: string): Promise<KeyAuditEntryView[]> {
    return (await this.audit.getForAccount(accountId)).map(toAuditView);
  }

  private async view(accountId: string, keyId: string): Promise<ApiKeyView> {
    if (!UUID.test(keyId)) throw notFound();
    const key = await this.keys.getById(accountId, keyId);
    if (!key) throw notFound();
    const now = this.clock.now();
    const [rolled, spend] = await Promise.all([this.keys.isRolled(keyId), this.spendOf([keyId])]);
    return toApiKeyView(key, { now, rolled, spend: spend.get(keyId) });
  }

  /**
   * What the keys have spent or hold in all, this UTC day and this UTC month (by the clock): the
   * spend counters the hold statement checks the limits against (docs/key-controls.md).
   */
  private async spendOf(keyIds: string[]): Promise<Map<string, KeySpendView>> {
    const spend = new Map<string, KeySpendView>();
    if (keyIds.length === 0) return spend;
    for (const row of await this.billing.keySpend(keyIds)) {
      spend.set(row.keyId, {
        totalMicros: row.totalMicros,
        dailyMicros: row.dayMicros,
        monthlyMicros: row.monthMicros,
      });
    }
    return spend;
  }

  /**
   * The key, or null for anything that is not a key of ours. A malformed key or a bad checksum
   * is refused without touching the database. Whether it may be used (revoked, in its grace
   * period, expired) is for the caller to judge by the clock on every call: the result carries
   * the instants. Results are cached briefly, so a revocation reaches every instance within
   * KEY_CACHE_TTL_MS (at once on this one).
   */
  async authenticate(token: string): Promise<AuthenticatedKey | null> {
    if (!parseApiKey(token)) return null;
    const hash = sha256Hex(token);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.value;

    const value = await this.keys.getByHash(hash);
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(hash, { value, until: now + KEY_CACHE_TTL_MS });
    return value;
  }

  /** Records use without a write per call: at most one UPDATE per key per minute per instance. */
  touch(keyId: string): void {
    const now = Date.now();
    const last = this.lastUsedWrites.get(keyId) ?? 0;
    if (now - last < LAST_USED_WRITE_INTERVAL_MS) return;
    this.lastUsedWrites.set(keyId, now);
    this.keys
      .touchLastUsed(keyId)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not record key use'));
  }

  /**
   * Whether a call with this expired key should leave a `key_expired` usage record: at most one
   * per key per LAST_USED_WRITE_INTERVAL_MS (a minute) on this instance, by the API's clock, so
   * a client hammering with a dead key cannot grow the usage records without bound.
   */
  shouldRecordExpiredUse(keyId: string): boolean {
    const now = this.clock.now().getTime();
    const last = this.expiredRecords.get(keyId);
    if (last !== undefined && now - last < LAST_USED_WRITE_INTERVAL_MS && now >= last) return false;
    if (this.expiredRecords.size >= CACHE_LIMIT) this.expiredRecords.clear();
    this.expiredRecords.set(keyId, now);
    return true;
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

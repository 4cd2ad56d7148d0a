import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Mode } from '@reelscout/domain';

@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  mode: Mode;

  /** sha256 (hex) of the key; the plaintext is shown once and never stored. */
  @Column({ name: 'key_hash', type: 'text', select: false })
  keyHash: string;

  @Column({ name: 'display_start', type: 'text' })
  displayStart: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** May lie in the future: a rolled key keeps working until then (its grace period). */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** Spend limits in micro-USD (bigint: TypeORM reads them as decimal strings); null: none. */
  @Column({ name: 'limit_total_micros', type: 'bigint', nullable: true })
  limitTotalMicros: string | null;

  @Column({ name: 'limit_daily_micros', type: 'bigint', nullable: true })
  limitDailyMicros: string | null;

  @Column({ name: 'limit_monthly_micros', type: 'bigint', nullable: true })
  limitMonthlyMicros: string | null;

  /** The operations the key may call; null: all of them. */
  @Column({ type: 'text', array: true, nullable: true })
  operations: string[] | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** Per-subject limits for this key, overriding the account's; null: the account's. */
  @Column({ name: 'subject_limit_daily_micros', type: 'bigint', nullable: true })
  subjectLimitDailyMicros: string | null;

  @Column({ name: 'subject_limit_monthly_micros', type: 'bigint', nullable: true })
  subjectLimitMonthlyMicros: string | null;

  /** The key this one was rolled from. */
  @Column({ name: 'rolled_from', type: 'uuid', nullable: true })
  rolledFrom: string | null;

  /**
   * Whose spend windows the key counts in: its own id, or a rolled key's predecessor's
   * spendOwner (a roll neither resets nor doubles a limit).
   */
  @Column({ name: 'spend_owner', type: 'uuid', select: false })
  spendOwner: string;
}

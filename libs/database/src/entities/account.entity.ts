import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'accounts' })
export class Account {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Always lower-case (enforced by a CHECK). */
  @Column({ type: 'text' })
  email: string;

  /** argon2id PHC string; never leaves the auth module. */
  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  /** The API access grant, separate from having an account. */
  @Column({ name: 'api_access', type: 'boolean', default: false })
  apiAccess: boolean;

  /** Default per-subject (`x-subject`) spend limits in micro-USD; a key may override them. */
  @Column({ name: 'subject_limit_daily_micros', type: 'bigint', nullable: true })
  subjectLimitDailyMicros: string | null;

  @Column({ name: 'subject_limit_monthly_micros', type: 'bigint', nullable: true })
  subjectLimitMonthlyMicros: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

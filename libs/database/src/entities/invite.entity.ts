import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'invites' })
export class Invite {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** sha256 of the token in the invite link; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  /** When set, only this address may use the invite. */
  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ name: 'grants_api_access', type: 'boolean', default: false })
  grantsApiAccess: boolean;

  @Column({ name: 'grants_admin', type: 'boolean', default: false })
  grantsAdmin: boolean;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @Column({ name: 'used_by', type: 'uuid', nullable: true })
  usedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

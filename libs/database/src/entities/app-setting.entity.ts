import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Small operational facts that must survive restarts and be shared by every instance. */
@Entity({ name: 'app_settings' })
export class AppSetting {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** `app_settings`. Owned by AuthModule (the bootstrap invite's marker). */
@Injectable()
export class AppSettingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Sets `key` to the current time unless it is set; true when this call set it. */
  async claim(key: string): Promise<boolean> {
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, to_jsonb(now())) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [key],
    );
    return claimed.length > 0;
  }
}

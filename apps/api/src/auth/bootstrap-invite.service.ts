import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment';
import { InvitesService } from './invites.service';

const MARKER = 'bootstrap_invite_issued_at';

/**
 * On the very first start with an empty database, one instance (whichever claims the marker
 * first) prints a one-time invite for the first administrator, with API access.
 */
@Injectable()
export class BootstrapInviteService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Bootstrap');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly invites: InvitesService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.get('NODE_ENV', { infer: true }) === 'test') return;
    const url = await this.issueIfEmpty();
    if (url) {
      process.stdout.write(
        `\n  First start: create the administrator account with this one-time invite link:\n\n    ${url}\n\n`,
      );
    }
  }

  /** The invite URL when this call issued the bootstrap invite; null when there is nothing to do. */
  async issueIfEmpty(): Promise<string | null> {
    const [{ count }] = await this.dataSource.query(`SELECT count(*)::int AS count FROM accounts`);
    if (count > 0) return null;
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, to_jsonb(now())) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [MARKER],
    );
    if (claimed.length === 0) {
      this.logger.warn(
        'No account exists yet and the bootstrap invite was already issued. If it is lost, run `npm run cli -- invites:create --api-access --admin`.',
      );
      return null;
    }
    const invite = await this.invites.create({ apiAccess: true, admin: true });
    return invite.url;
  }
}

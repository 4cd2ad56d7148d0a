import { writeFileSync } from 'node:fs';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { AccountsService } from '../accounts/accounts.service';
import { authConfig } from '../config';
import { AppSettingRepository } from '../repositories/app-setting.repository';
import { InvitesService } from './invites.service';

const MARKER = 'bootstrap_invite_issued_at';

/**
 * On the very first start with an empty database, one instance (whichever claims the marker
 * first) prints a one-time invite for the first administrator, with API access (or writes it to
 * BOOTSTRAP_INVITE_FILE, for `npm start`'s banner). The API's start-up calls `announce`; it is
 * not a start-up hook, so other contexts that load AuthModule (the CLI) issue nothing.
 */
@Injectable()
export class BootstrapInviteService {
  private readonly logger = new Logger('Bootstrap');

  constructor(
    private readonly accounts: AccountsService,
    private readonly settings: AppSettingRepository,
    private readonly invites: InvitesService,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
  ) {}

  async announce(): Promise<void> {
    if (this.config.nodeEnv === 'test') return;
    const url = await this.issueIfEmpty();
    if (!url) return;
    const file = this.config.bootstrapInviteFile;
    if (file) {
      // A secret: never through the logger; only the starter that asked for it reads the file.
      writeFileSync(file, `${url}\n`, { mode: 0o600 });
      return;
    }
    process.stdout.write(
      `\n  First start: create the administrator account with this one-time invite link:\n\n    ${url}\n\n`,
    );
  }

  /** The invite URL when this call issued the bootstrap invite; null when there is nothing to do. */
  async issueIfEmpty(): Promise<string | null> {
    if ((await this.accounts.count()) > 0) return null;
    const claimed = await this.settings.claim(MARKER);
    if (!claimed) {
      this.logger.warn(
        'No account exists yet and the bootstrap invite was already issued. If it is lost, run `npm run cli -- invites:create --api-access --admin`.',
      );
      return null;
    }
    const invite = await this.invites.create({ apiAccess: true, admin: true });
    return invite.url;
  }
}

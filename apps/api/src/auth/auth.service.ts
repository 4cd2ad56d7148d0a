import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Account } from '@reelscout/database';
import { DomainError } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { sha256Hex } from '../common/crypto/tokens';
import { passwordResetMail, type MailLocale } from '../mail/mail-messages';
import { MailService } from '../mail/mail.service';
import { PasswordResetRepository } from '../repositories/password-reset.repository';
import { SessionRepository } from '../repositories/session.repository';
import { InvitesService } from './invites.service';
import { PasswordHasher } from '../accounts/password.hasher';
import { PasswordResetLinks } from './password-reset-links';
import { SignInThrottle } from './sign-in-throttle.service';

/**
 * Reset requests being looked up and mailed at once; past it a request is dropped (logged). The
 * per-IP ceiling of auth attempts keeps this far away in normal use.
 */
const MAX_PENDING_RESETS = 100;
/** How long closing the app waits for reset e-mails still on their way. */
const SHUTDOWN_WAIT_MS = 10_000;

@Injectable()
export class AuthService implements OnModuleDestroy {
  private readonly logger = new Logger('Auth');
  /** Reset e-mails on their way, off the request path. */
  private readonly pendingResets = new Set<Promise<void>>();

  constructor(
    /** For transactions only; statements are the repositories'. */
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwordResets: PasswordResetRepository,
    private readonly sessions: SessionRepository,
    private readonly accounts: AccountsService,
    private readonly invites: InvitesService,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly mail: MailService,
    private readonly resetLinks: PasswordResetLinks,
  ) {}

  /** Resolves once the reset requests accepted so far have been handled (mailed, or failed). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pendingResets]);
  }

  /**
   * Lets the reset e-mails already accepted finish before the app closes, for a while: an SMTP
   * server that stalls must not hold the shutdown for nodemailer's own (minutes-long) timeouts.
   */
  async onModuleDestroy(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)));
    await Promise.race([this.settled(), late]);
    clearTimeout(timer);
  }

  /** Joining needs a valid invite; account creation and using the invite are one transaction. */
  async signUp(input: { token: string; email: string; password: string }): Promise<Account> {
    return this.dataSource.transaction(async (manager) => {
      const invite = await this.invites.consume(input.token, input.email, manager);
      const account = await this.accounts.create(
        {
          email: input.email,
          password: input.password,
          apiAccess: invite.grantsApiAccess,
          isAdmin: invite.grantsAdmin,
        },
        manager,
      );
      await this.invites.markUsedBy(invite.id, account.id, manager);
      return account;
    });
  }

  /** For passport-local: the account, or null for a wrong e-mail/password (indistinguishable). */
  async verifyCredentials(email: string, password: string): Promise<Account | null> {
    await this.throttle.beforeAttempt(email);
    const account = await this.accounts.findCredentials(email);
    const ok = account
      ? await this.hasher.verify(account.passwordHash, password)
      : await this.hasher.verifyNothing(password);
    // The attempt was already counted as a failure by beforeAttempt.
    if (!ok || !account) return null;
    await this.throttle.recordSuccess(email);
    const { passwordHash: _omit, ...rest } = account;
    return rest as Account;
  }

  /**
   * Accepts a reset request and returns at once, whoever the address belongs to: the account is
   * looked up, the link made and the e-mail sent afterwards, off the request path, so neither the
   * answer nor its timing tells whether an account has this address. Failures are logged
   * without the address or the link.
   */
  requestPasswordReset(email: string, locale?: MailLocale): void {
    if (this.pendingResets.size >= MAX_PENDING_RESETS) {
      this.logger.warn('too many password-reset e-mails on their way; a request was dropped');
      return;
    }
    const pending = this.sendResetMail(email, locale)
      .catch((error: unknown) =>
        this.logger.error(`password-reset e-mail failed: ${(error as Error).message}`),
      )
      .finally(() => this.pendingResets.delete(pending));
    this.pendingResets.add(pending);
  }

  private async sendResetMail(email: string, locale?: MailLocale): Promise<void> {
    const account = await this.accounts.findByEmail(email);
    if (!account || !this.mail.delivers) return;
    const { url } = await this.resetLinks.create(account.id);
    await this.mail.send({
      to: account.email,
      ...passwordResetMail({ email: account.email, link: url }, locale),
    });
  }

  /**
   * Uses the one-time token, sets the password, voids every other outstanding link of the
   * account (one may have leaked; the reset is done) and signs the account out everywhere.
   */
  async confirmPasswordReset(token: string, password: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const accountId = await this.passwordResets.consume(sha256Hex(token), manager);
      if (accountId === null) {
        throw new DomainError('invalid_request', 'This reset link is not valid or has expired.', {
          param: 'token',
        });
      }
      await this.passwordResets.voidAllOfAccount(accountId, manager);
      await this.accounts.setPassword(accountId, password, manager);
      await this.sessions.deleteByAccountId(accountId, manager);
      const account = await this.accounts.getById(accountId, manager);
      await this.throttle.reset(account.email, manager);
    });
    this.logger.log('password reset completed');
  }
}

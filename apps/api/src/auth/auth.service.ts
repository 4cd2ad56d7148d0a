import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Account } from '@reelscout/database';
import { DomainError } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { randomToken, sha256Hex } from '../common/crypto/tokens';
import type { Environment } from '../config/environment';
import { passwordResetMail, type MailLocale } from '../mail/mail-messages';
import { MailService } from '../mail/mail.service';
import { PasswordResetRepository } from '../repositories/password-reset.repository';
import { SessionRepository } from '../repositories/session.repository';
import { InvitesService } from './invites.service';
import { PasswordHasher } from '../accounts/password.hasher';
import { SignInThrottle } from './sign-in-throttle.service';

const RESET_TTL_MS = 60 * 60_000;

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

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
    private readonly config: ConfigService<Environment, true>,
  ) {}

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

  /** Always succeeds from the caller's point of view: no account enumeration. */
  async requestPasswordReset(email: string, locale?: MailLocale): Promise<void> {
    const account = await this.accounts.findByEmail(email);
    if (!account) return;
    const token = randomToken();
    await this.passwordResets.create(
      account.id,
      sha256Hex(token),
      new Date(Date.now() + RESET_TTL_MS),
    );
    const base = this.config.get('PUBLIC_URL', { infer: true }).replace(/\/$/, '');
    await this.mail.send({
      to: account.email,
      ...passwordResetMail(
        { email: account.email, link: `${base}/reset-password/${token}` },
        locale,
      ),
    });
  }

  /** Uses the one-time token, sets the password and signs the account out everywhere. */
  async confirmPasswordReset(token: string, password: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const accountId = await this.passwordResets.consume(sha256Hex(token), manager);
      if (accountId === null) {
        throw new DomainError('invalid_request', 'This reset link is not valid or has expired.', {
          param: 'token',
        });
      }
      await this.accounts.setPassword(accountId, password, manager);
      await this.sessions.deleteByAccountId(accountId, manager);
      const account = await this.accounts.getById(accountId, manager);
      await this.throttle.reset(account.email, manager);
    });
    this.logger.log('password reset completed');
  }
}

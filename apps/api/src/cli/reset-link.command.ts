import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordResetLinks } from '../auth/password-reset-links';
import { CliContext, accountByEmail } from './cli-context';
import { OperatorCommand } from './operator-command';

interface ResetLinkOptions {
  email: string;
}

/**
 * `reset-link:create --email E`: a one-time password-reset link for one account, printed as the
 * last line, for installs without SMTP (the API never logs one). Valid for an hour; using it
 * voids the account's other links and signs it out everywhere, like a link from an e-mail.
 */
@Command({
  name: 'reset-link:create',
  description: 'print a one-time password-reset link for the account (for installs without SMTP)',
})
export class ResetLinkCommand extends OperatorCommand<ResetLinkOptions> {
  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--email <address>',
    name: 'email',
    description: "the account's address (required)",
    required: true,
  })
  email(value: string): string {
    return value;
  }

  protected async execute(options: ResetLinkOptions): Promise<void> {
    const { account, link } = await this.context.run(async (app) => {
      const found = await accountByEmail(app.get(AccountsService), options.email);
      return { account: found, link: await app.get(PasswordResetLinks).create(found.id) };
    });
    this.io.out(
      `Password-reset link for ${account.email} (works once, until ${link.expiresAt.toISOString()}; ` +
        'hand it to its owner only):',
    );
    this.io.out(link.url);
  }
}

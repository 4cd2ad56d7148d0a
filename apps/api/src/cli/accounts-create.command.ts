import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/dto/auth.dto';
import { CliContext, invalidEmail, isAccountEmail } from './cli-context';
import { OperatorCommand, UsageError, str, type Flags } from './operator-command';

@Command({ name: 'accounts:create', description: 'create an account with a password' })
export class AccountsCreateCommand extends OperatorCommand {
  protected override readonly requiredFlags = ['email', 'password'];

  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--email <address>',
    name: 'email',
    description: 'sign-in address (required)',
  })
  email(value: string): string {
    return value;
  }

  @Option({
    flags: '--password <password>',
    name: 'password',
    description: `${PASSWORD_MIN}–${PASSWORD_MAX} characters (required)`,
  })
  password(value: string): string {
    return value;
  }

  @Option({ flags: '--api-access', name: 'api-access', description: 'grant API access' })
  apiAccess(): boolean {
    return true;
  }

  @Option({ flags: '--admin', name: 'admin', description: 'make the account an administrator' })
  admin(): boolean {
    return true;
  }

  protected async execute(flags: Flags): Promise<void> {
    const email = str(flags.email)!;
    if (!isAccountEmail(email)) throw invalidEmail(email);
    const password = str(flags.password)!;
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      throw new UsageError(`--password must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters`);
    }
    const account = await this.context.run((app) =>
      app.get(AccountsService).create({
        email,
        password,
        apiAccess: flags['api-access'] === true,
        isAdmin: flags.admin === true,
      }),
    );
    this.io.out(
      `Created account ${account.email} (${account.id})${account.apiAccess ? ' with API access' : ''}`,
    );
  }
}

import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/dto/auth.dto';
import { CliContext, invalidEmail, isAccountEmail } from './cli-context';
import { OperatorCommand, UsageError } from './operator-command';

interface AccountsCreateOptions {
  email: string;
  password: string;
  apiAccess?: true;
  admin?: true;
}

@Command({ name: 'accounts:create', description: 'create an account with a password' })
export class AccountsCreateCommand extends OperatorCommand<AccountsCreateOptions> {
  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--email <address>',
    name: 'email',
    description: 'sign-in address (required)',
    required: true,
  })
  email(value: string): string {
    return value;
  }

  @Option({
    flags: '--password <password>',
    name: 'password',
    description: `${PASSWORD_MIN}–${PASSWORD_MAX} characters (required)`,
    required: true,
  })
  password(value: string): string {
    return value;
  }

  @Option({ flags: '--api-access', name: 'apiAccess', description: 'grant API access' })
  apiAccess(): true {
    return true;
  }

  @Option({ flags: '--admin', name: 'admin', description: 'make the account an administrator' })
  admin(): true {
    return true;
  }

  protected async execute(options: AccountsCreateOptions): Promise<void> {
    const { email, password } = options;
    if (!isAccountEmail(email)) throw invalidEmail(email);
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      throw new UsageError(`--password must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters`);
    }
    const account = await this.context.run((app) =>
      app.get(AccountsService).create({
        email,
        password,
        apiAccess: options.apiAccess === true,
        isAdmin: options.admin === true,
      }),
    );
    this.io.out(
      `Created account ${account.email} (${account.id})${account.apiAccess ? ' with API access' : ''}`,
    );
  }
}

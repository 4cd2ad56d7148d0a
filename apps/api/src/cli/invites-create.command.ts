import { Command, Option } from 'nest-commander';
import { InvitesService } from '../auth/invites.service';
import { CliContext, invalidEmail, isAccountEmail } from './cli-context';
import { OperatorCommand } from './operator-command';

interface InvitesCreateOptions {
  email?: string;
  apiAccess?: true;
  admin?: true;
}

@Command({ name: 'invites:create', description: 'print a one-time invite URL' })
export class InvitesCreateCommand extends OperatorCommand<InvitesCreateOptions> {
  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({ flags: '--email <address>', name: 'email', description: 'the invited address' })
  email(value: string): string {
    return value;
  }

  @Option({ flags: '--api-access', name: 'apiAccess', description: 'the account gets API access' })
  apiAccess(): true {
    return true;
  }

  @Option({ flags: '--admin', name: 'admin', description: 'the account is an administrator' })
  admin(): true {
    return true;
  }

  protected async execute(options: InvitesCreateOptions): Promise<void> {
    const { email } = options;
    if (email !== undefined && !isAccountEmail(email)) throw invalidEmail(email);
    const invite = await this.context.run((app) =>
      app.get(InvitesService).create({
        email,
        apiAccess: options.apiAccess === true,
        admin: options.admin === true,
      }),
    );
    this.io.out(
      `Invite (expires ${invite.expiresAt}${invite.grantsApiAccess ? ', grants API access' : ''}):`,
    );
    this.io.out(invite.url);
  }
}

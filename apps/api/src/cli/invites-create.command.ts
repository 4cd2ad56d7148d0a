import { Command, Option } from 'nest-commander';
import { InvitesService } from '../auth/invites.service';
import { CliContext, invalidEmail, isAccountEmail } from './cli-context';
import { OperatorCommand, str, type Flags } from './operator-command';

@Command({ name: 'invites:create', description: 'print a one-time invite URL' })
export class InvitesCreateCommand extends OperatorCommand {
  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({ flags: '--email <address>', name: 'email', description: 'the invited address' })
  email(value: string): string {
    return value;
  }

  @Option({ flags: '--api-access', name: 'api-access', description: 'the account gets API access' })
  apiAccess(): boolean {
    return true;
  }

  @Option({ flags: '--admin', name: 'admin', description: 'the account is an administrator' })
  admin(): boolean {
    return true;
  }

  protected async execute(flags: Flags): Promise<void> {
    const email = str(flags.email);
    if (email !== undefined && !isAccountEmail(email)) throw invalidEmail(email);
    const invite = await this.context.run((app) =>
      app.get(InvitesService).create({
        email,
        apiAccess: flags['api-access'] === true,
        admin: flags.admin === true,
      }),
    );
    this.io.out(
      `Invite (expires ${invite.expiresAt}${invite.grantsApiAccess ? ', grants API access' : ''}):`,
    );
    this.io.out(invite.url);
  }
}

import { Command } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { CliContext } from './cli-context';
import { OperatorCommand } from './operator-command';

@Command({ name: 'accounts:list', description: 'list accounts' })
export class AccountsListCommand extends OperatorCommand {
  constructor(private readonly context: CliContext) {
    super();
  }

  protected async execute(): Promise<void> {
    const accounts = await this.context.run((app) => app.get(AccountsService).list());
    for (const a of accounts) {
      this.io.out(
        `${a.id}  ${a.email}  api_access=${a.apiAccess}  admin=${a.isAdmin}  created=${a.createdAt.toISOString()}`,
      );
    }
  }
}

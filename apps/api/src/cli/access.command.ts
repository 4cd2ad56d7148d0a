import { Injectable } from '@nestjs/common';
import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CliContext, accountByEmail } from './cli-context';
import { OperatorCommand } from './operator-command';

interface AccessOptions {
  email: string;
}

/** access:grant and access:revoke: the same flag, the opposite switch. */
@Injectable()
abstract class AccessCommand extends OperatorCommand<AccessOptions> {
  protected abstract readonly grant: boolean;

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

  protected async execute(options: AccessOptions): Promise<void> {
    const account = await this.context.run(async (app) => {
      const accounts = app.get(AccountsService);
      const found = await accountByEmail(accounts, options.email);
      const changed = await accounts.setApiAccess(found.email, this.grant);
      app.get(ApiKeysService).forgetAccount(changed.id);
      return changed;
    });
    this.io.out(`${this.grant ? 'Granted' : 'Revoked'} API access for ${account.email}`);
  }
}

@Command({ name: 'access:grant', description: 'grant API access' })
export class AccessGrantCommand extends AccessCommand {
  protected readonly grant = true;
}

@Command({ name: 'access:revoke', description: 'revoke API access (existing keys get 403)' })
export class AccessRevokeCommand extends AccessCommand {
  protected readonly grant = false;
}

import { MODES, formatUsd } from '@reelscout/domain';
import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { BillingService } from '../money/billing.service';
import { CliContext, accountByEmail } from './cli-context';
import { OperatorCommand } from './operator-command';

interface BalanceOptions {
  email: string;
}

@Command({ name: 'balance', description: 'show live and test balances' })
export class BalanceCommand extends OperatorCommand<BalanceOptions> {
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

  protected async execute(options: BalanceOptions): Promise<void> {
    const balances = await this.context.run(async (app) => {
      const account = await accountByEmail(app.get(AccountsService), options.email);
      return app.get(BillingService).balances(account.id);
    });
    for (const mode of MODES) {
      const b = balances[mode];
      this.io.out(
        `${mode}: balance ${formatUsd(b.balance)} USD, held ${formatUsd(b.held)}, available ${formatUsd(b.available)}`,
      );
    }
  }
}

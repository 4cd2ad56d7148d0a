import { MODES, formatUsd, isMode, parseUsd } from '@reelscout/domain';
import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { BillingService } from '../ledger/billing.service';
import { CliContext, accountByEmail } from './cli-context';
import { OperatorCommand, UsageError, str, type Flags } from './operator-command';

@Command({ name: 'credit:add', description: 'add credit (a ledger grant)' })
export class CreditAddCommand extends OperatorCommand {
  protected override readonly requiredFlags = ['email', 'usd'];

  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--email <address>',
    name: 'email',
    description: "the account's address (required)",
  })
  email(value: string): string {
    return value;
  }

  @Option({
    flags: '--usd <amount>',
    name: 'usd',
    description: 'the amount, e.g. 12.50 (required)',
  })
  usd(value: string): string {
    return value;
  }

  @Option({
    flags: '--mode <mode>',
    name: 'mode',
    description: `${MODES.join(' or ')} (default live)`,
  })
  mode(value: string): string {
    return value;
  }

  @Option({ flags: '--reason <text>', name: 'reason', description: 'kept with the grant' })
  reason(value: string): string {
    return value;
  }

  protected async execute(flags: Flags): Promise<void> {
    const mode = str(flags.mode) ?? 'live';
    if (!isMode(mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}`);
    const amount = parseUsd(str(flags.usd)!);
    if (amount === null || amount <= 0)
      throw new UsageError('--usd must be a positive amount such as 12.50');
    const { account, balance } = await this.context.run(async (app) => {
      const found = await accountByEmail(app.get(AccountsService), str(flags.email)!);
      const result = await app.get(BillingService).credit({ accountId: found.id, mode }, amount, {
        kind: 'grant',
        reason: str(flags.reason) ?? 'operator grant (CLI)',
      });
      return { account: found, balance: result!.balance };
    });
    this.io.out(
      `Added ${formatUsd(amount)} USD of ${mode} credit to ${account.email}; balance ${formatUsd(balance)} USD`,
    );
  }
}

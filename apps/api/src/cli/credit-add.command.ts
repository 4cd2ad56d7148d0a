import { MODES, formatUsd, type Mode } from '@reelscout/domain';
import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { BillingService } from '../money/billing.service';
import { CliContext, accountByEmail } from './cli-context';
import { parseMode, parsePositiveUsd } from './cli-options';
import { OperatorCommand } from './operator-command';

interface CreditAddOptions {
  email: string;
  /** Micro-USD. */
  usd: number;
  mode?: Mode;
  reason?: string;
}

@Command({ name: 'credit:add', description: 'add credit (a ledger grant)' })
export class CreditAddCommand extends OperatorCommand<CreditAddOptions> {
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

  @Option({
    flags: '--usd <amount>',
    name: 'usd',
    description: 'the amount, e.g. 12.50 (required)',
    required: true,
  })
  usd(value: string): number {
    return this.parsed(() => parsePositiveUsd(value));
  }

  @Option({
    flags: '--mode <mode>',
    name: 'mode',
    description: `${MODES.join(' or ')} (default live)`,
  })
  mode(value: string): Mode {
    return this.parsed(() => parseMode(value));
  }

  @Option({ flags: '--reason <text>', name: 'reason', description: 'kept with the grant' })
  reason(value: string): string {
    return value;
  }

  protected async execute(options: CreditAddOptions): Promise<void> {
    const mode = options.mode ?? 'live';
    const amount = options.usd;
    const { account, balance } = await this.context.run(async (app) => {
      const found = await accountByEmail(app.get(AccountsService), options.email);
      const result = await app.get(BillingService).credit({ accountId: found.id, mode }, amount, {
        kind: 'grant',
        reason: options.reason ?? 'operator grant (CLI)',
      });
      return { account: found, balance: result!.balance };
    });
    this.io.out(
      `Added ${formatUsd(amount)} USD of ${mode} credit to ${account.email}; balance ${formatUsd(balance)} USD`,
    );
  }
}

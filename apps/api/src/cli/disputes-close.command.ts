import { formatUsd, parseUsd } from '@reelscout/domain';
import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { BillingService } from '../ledger/billing.service';
import { ReversalService } from '../payments/reversal.service';
import { CliContext } from './cli-context';
import { OperatorCommand, UsageError, str, type Flags } from './operator-command';

const OUTCOMES = ['won', 'lost'] as const;

/**
 * For a dispute whose `charge.dispute.closed` never reached the webhook (Stripe stops retrying
 * after three days): closes it the way that event would, once Stripe's dashboard shows how it
 * ended, so the account's live calls resume. docs/cli.md says when to use it.
 */
@Command({
  name: 'disputes:close',
  description: "close a dispute whose close event never arrived, as Stripe's dashboard shows it",
})
export class DisputesCloseCommand extends OperatorCommand {
  protected override readonly requiredFlags = ['payment-intent', 'outcome'];

  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--payment-intent <pi_…>',
    name: 'payment-intent',
    description: "the disputed purchase's PaymentIntent (required)",
  })
  paymentIntent(value: string): string {
    return value;
  }

  @Option({
    flags: '--outcome <outcome>',
    name: 'outcome',
    description: `${OUTCOMES.join(' or ')}, as Stripe shows it (required)`,
  })
  outcome(value: string): string {
    return value;
  }

  @Option({
    flags: '--usd <amount>',
    name: 'usd',
    description: 'the disputed amount Stripe took, e.g. 25.00 (required when lost)',
  })
  usd(value: string): string {
    return value;
  }

  protected async execute(flags: Flags): Promise<void> {
    const paymentIntent = str(flags['payment-intent'])!;
    if (!/^pi_[A-Za-z0-9]+$/.test(paymentIntent)) {
      throw new UsageError('--payment-intent must be a PaymentIntent id such as pi_3Nx…');
    }
    const outcome = str(flags.outcome);
    if (outcome !== 'won' && outcome !== 'lost') {
      throw new UsageError(`--outcome must be one of ${OUTCOMES.join(', ')}`);
    }
    const usd = str(flags.usd);
    if (outcome === 'won' && usd !== undefined) {
      throw new UsageError('--usd is for a lost dispute only: a won one takes nothing back');
    }
    const lostMicros = usd === undefined ? null : parseUsd(usd);
    if (outcome === 'lost' && (lostMicros === null || lostMicros <= 0)) {
      throw new UsageError('a lost dispute needs --usd, the disputed amount, such as 25.00');
    }
    const { email, takenBack, balance } = await this.context.run(async (app) => {
      const closed = await app
        .get(ReversalService)
        .closeDispute(
          paymentIntent,
          outcome === 'lost' ? { lost: true, lostMicros: lostMicros! } : { lost: false },
        );
      const account = await app.get(AccountsService).findById(closed.accountId);
      const live = await app
        .get(BillingService)
        .balance({ accountId: closed.accountId, mode: 'live' });
      return { email: account?.email ?? closed.accountId, ...closed, balance: live.balance };
    });
    this.io.out(
      `Closed the dispute on ${paymentIntent} as ${outcome} for ${email}: took back ${formatUsd(takenBack)} USD; live balance ${formatUsd(balance)} USD`,
    );
  }
}

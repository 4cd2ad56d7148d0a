import { formatUsd, parseUsd } from '@reelscout/domain';
import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { BillingService } from '../money/billing.service';
import { ReversalService } from '../payments/reversal.service';
import { CliContext } from './cli-context';
import { OperatorCommand, UsageError } from './operator-command';

const OUTCOMES = ['won', 'lost'] as const;
type Outcome = (typeof OUTCOMES)[number];

interface DisputesCloseOptions {
  paymentIntent: string;
  outcome: Outcome;
  /** Micro-USD; 0 when the text is not an amount. */
  usd?: number;
}

/**
 * For a dispute whose `charge.dispute.closed` never reached the webhook (Stripe stops retrying
 * after three days): closes it the way that event would, once Stripe's dashboard shows how it
 * ended, so the account's live calls resume. docs/cli.md says when to use it.
 */
@Command({
  name: 'disputes:close',
  description: "close a dispute whose close event never arrived, as Stripe's dashboard shows it",
})
export class DisputesCloseCommand extends OperatorCommand<DisputesCloseOptions> {
  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--payment-intent <pi_…>',
    name: 'paymentIntent',
    description: "the disputed purchase's PaymentIntent (required)",
    required: true,
  })
  paymentIntent(value: string): string {
    return this.parsed(() => {
      if (!/^pi_[A-Za-z0-9]+$/.test(value)) {
        throw new UsageError('--payment-intent must be a PaymentIntent id such as pi_3Nx…');
      }
      return value;
    });
  }

  @Option({
    flags: '--outcome <outcome>',
    name: 'outcome',
    description: `${OUTCOMES.join(' or ')}, as Stripe shows it (required)`,
    required: true,
  })
  outcome(value: string): Outcome {
    return this.parsed(() => {
      if (value !== 'won' && value !== 'lost') {
        throw new UsageError(`--outcome must be one of ${OUTCOMES.join(', ')}`);
      }
      return value;
    });
  }

  @Option({
    flags: '--usd <amount>',
    name: 'usd',
    description: 'the disputed amount Stripe took, e.g. 25.00 (required when lost)',
  })
  usd(value: string): number {
    // Whether it had to be given (and be an amount) depends on --outcome: execute decides, and
    // refuses 0. Not null for "not an amount": commander would store a parser's null as ''.
    return parseUsd(value) ?? 0;
  }

  protected async execute(options: DisputesCloseOptions): Promise<void> {
    const { paymentIntent, outcome } = options;
    if (outcome === 'won' && options.usd !== undefined) {
      throw new UsageError('--usd is for a lost dispute only: a won one takes nothing back');
    }
    const lostMicros = options.usd ?? null;
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

import { Init1763700000000 } from './1763700000000-init';
import { AccountsAndKeys1763700100000 } from './1763700100000-accounts-and-keys';
import { Billing1763700200000 } from './1763700200000-billing';
import { SoundAnalyses1763700300000 } from './1763700300000-sound-analyses';
import { CheckoutOutcomes1763700400000 } from './1763700400000-checkout-outcomes';
import { JobsAndWebhooks1763700500000 } from './1763700500000-jobs-and-webhooks';
import { KeyControls1763700600000 } from './1763700600000-key-controls';
import { SpendCounters1763700700000 } from './1763700700000-spend-counters';
import { Playground1763700800000 } from './1763700800000-playground';
import { OneCountPerHold1763700900000 } from './1763700900000-one-count-per-hold';
import { ColumnRulesAsDomains1763701000000 } from './1763701000000-column-rules-as-domains';
import { SettleBalance1763701100000 } from './1763701100000-settle-balance';
import { MoneyRulesAsDomains1763701200000 } from './1763701200000-money-rules-as-domains';
import { StatusIndexesOutOfLookups1763701300000 } from './1763701300000-status-indexes-out-of-lookups';
import { MoneyFunctions1763701400000 } from './1763701400000-money-functions';
import { JobQueueMessage1763701500000 } from './1763701500000-job-queue-message';
import { PasswordResetsByAccount1763702000000 } from './1763702000000-password-resets-by-account';
import { RefundsAndDisputes1763702100000 } from './1763702100000-refunds-and-disputes';
import { IdempotencyKeysByKeyLine1763702300000 } from './1763702300000-idempotency-keys-by-key-line';
import { Watches1763702400000 } from './1763702400000-watches';
import { MoneyInFunctions1763702500000 } from './1763702500000-money-in-functions';
import { JobsQueuedByAccount1763702600000 } from './1763702600000-jobs-queued-by-account';
import { WatchRunGap1763702700000 } from './1763702700000-watch-run-gap';
import { WebhookDeliveriesPerEndpoint1763702800000 } from './1763702800000-webhook-deliveries-per-endpoint';
import { StripeDisputesById1763702900000 } from './1763702900000-stripe-disputes-by-id';
import { TrendHistory1763703100000 } from './1763703100000-trend-history';
import { TrendRankings1763703150000 } from './1763703150000-trend-rankings';
import { UsagePartitions1763703200000 } from './1763703200000-usage-partitions';
import { CreatorWatches1763703300000 } from './1763703300000-creator-watches';
import { JobTraceContext1763703400000 } from './1763703400000-job-trace-context';
import { UsageRollupsByAccountOnly1763703500000 } from './1763703500000-usage-rollups-by-account-only';

/** Every migration in order; new ones are appended here. */
export const MIGRATIONS = [
  Init1763700000000,
  AccountsAndKeys1763700100000,
  Billing1763700200000,
  SoundAnalyses1763700300000,
  CheckoutOutcomes1763700400000,
  JobsAndWebhooks1763700500000,
  KeyControls1763700600000,
  SpendCounters1763700700000,
  Playground1763700800000,
  OneCountPerHold1763700900000,
  ColumnRulesAsDomains1763701000000,
  SettleBalance1763701100000,
  MoneyRulesAsDomains1763701200000,
  StatusIndexesOutOfLookups1763701300000,
  MoneyFunctions1763701400000,
  JobQueueMessage1763701500000,
  PasswordResetsByAccount1763702000000,
  RefundsAndDisputes1763702100000,
  IdempotencyKeysByKeyLine1763702300000,
  Watches1763702400000,
  MoneyInFunctions1763702500000,
  JobsQueuedByAccount1763702600000,
  WatchRunGap1763702700000,
  WebhookDeliveriesPerEndpoint1763702800000,
  StripeDisputesById1763702900000,
  TrendHistory1763703100000,
  TrendRankings1763703150000,
  UsagePartitions1763703200000,
  CreatorWatches1763703300000,
  JobTraceContext1763703400000,
  UsageRollupsByAccountOnly1763703500000,
];

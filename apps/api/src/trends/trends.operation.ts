import {
  DomainError,
  formatUsd,
  maxCharge,
  PRICES,
  TREND_RULE_TEXT,
  trendsCharge,
} from '@reelscout/domain';
import type { OperationContract } from '../execution/operation.contract';
import type { TrendsRequestDto, TrendsResponseDto } from './dto/trends.dto';
import { TrendsService } from './trends.service';

/** POST /v1/trends: the price of any list, whatever `limit`; `items: []` is free. */
export const trendsOperation: OperationContract<
  TrendsRequestDto,
  TrendsResponseDto,
  TrendsService
> = {
  operation: 'trends',
  deadline: 'TRENDS_DEADLINE_MS',
  queue: 'light',
  slow: false,
  // It reads the store: a live key without a configured provider still gets what the store
  // holds; only a fresh store's first collection needs the provider (503 from the work).
  requires: [],
  checks: [
    (body) => {
      if (body.commercialOnly === true && body.kind === 'hashtags') {
        throw new DomainError(
          'invalid_request',
          '`commercialOnly` applies to sounds only; leave it out with `kind: "hashtags"`.',
          { param: 'commercialOnly' },
        );
      }
    },
  ],
  hold: () => maxCharge('trends'),
  charge: (result) => trendsCharge(result.items.length),
  market: (result) => result.market,
  docs: {
    summary: 'Which sounds or hashtags of a network are new, rising, steady or fading',
    description:
      'Reads the history Reelscout keeps of both networks’ sound charts and hashtag lists (one ' +
      'observation per item per day, collected daily and from what music and scan read) and ' +
      'labels each item by a public rule applied to the `history` it returns, so every label can ' +
      `be checked: ${TREND_RULE_TEXT} ` +
      'A day’s `value` is the uses (views, for hashtags) gained that day where the network gives ' +
      'counts, or the network’s own popularity value where it gives only a curve; `source` says ' +
      'which. The call reads the store, not the network; on a fresh install with no observation ' +
      'yet for the market and kind, one bounded collection runs first and the call waits for it. ' +
      `Holds and charges ${formatUsd(PRICES.trends)} whatever \`limit\`; \`items: []\` is 200 and free.`,
  },
  service: TrendsService,
  work: (trends, { mode, body, signal }) => trends.run(mode, body, signal),
};

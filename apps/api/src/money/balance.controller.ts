import { Get } from '@nestjs/common';
import { formatUsd } from '@reelscout/domain';
import { V1ResourceController } from '../api-keys/v1-resource.decorator';
import { BillingService } from './billing.service';
import { ApiV1Ok, ApiV1Route } from '../common/openapi/route-docs';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { BalanceDto } from './dto/balance.dto';

/** `/v1/balance`: what a key can still spend. A key sees its own account, in its own mode. */
@V1ResourceController('balance', 'balance')
export class BalanceController {
  constructor(private readonly billing: BillingService) {}

  @Get()
  @ApiV1Route({
    operationId: 'getBalance',
    summary: 'Get the balance',
    description:
      "The calling key's account balance in the key's mode (live credit for `rs_live_` keys, test credit for `rs_test_`), and what a new call may hold: the balance less what running calls hold.",
  })
  @ApiV1Ok(BalanceDto, { description: "The key's balance and what a new call may hold." })
  async get(@CurrentCaller() caller: Caller): Promise<BalanceDto> {
    const { balance, available } = await this.billing.balance({
      accountId: caller.accountId,
      mode: caller.mode,
    });
    return {
      object: 'balance',
      livemode: caller.mode === 'live',
      balance_usd: formatUsd(balance),
      available_usd: formatUsd(available),
    };
  }
}

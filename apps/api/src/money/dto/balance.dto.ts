import { ApiProperty } from '@nestjs/swagger';

/** `GET /v1/balance`: the calling key's account balance, in the key's mode. */
export class BalanceDto {
  @ApiProperty({ enum: ['balance'], example: 'balance' })
  object: 'balance';

  @ApiProperty({
    example: false,
    description: 'true for an `rs_live_` key (bought credit), false for `rs_test_` (test credit).',
  })
  livemode: boolean;

  @ApiProperty({
    example: '12.500000',
    pattern: '^-?\\d+\\.\\d{6}$',
    description: 'USD credited and not yet charged, six decimals.',
  })
  balance_usd: string;

  @ApiProperty({
    example: '12.400000',
    pattern: '^-?\\d+\\.\\d{6}$',
    description:
      'USD a new call may hold: `balance_usd` less what calls still running hold. A call whose price does not fit is refused with 402 `insufficient_credit`.',
  })
  available_usd: string;
}

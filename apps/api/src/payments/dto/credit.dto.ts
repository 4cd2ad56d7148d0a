import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CHECKOUT_STATUSES,
  type BalanceView,
  type CheckoutStatus,
  type CheckoutStatusView,
  type CheckoutView,
  type CreditOverviewView,
  type LivePurchasesView,
  type LiveSuspensionView,
  type Micros,
  type Mode,
  type TestCreditView,
} from '@reelscout/domain';
import { IsOptional, IsString, Matches } from 'class-validator';

const USD = /^\d{1,5}(\.\d{1,2})?$/;

export class CheckoutCreateDto {
  @ApiProperty({ example: '25.00', description: 'USD, 5.00 to 1000.00, at most two decimals.' })
  @IsString()
  @Matches(USD, { message: 'amountUsd must be a decimal amount such as "25.00"' })
  amountUsd: string;
}

export class TestCreditDto {
  @ApiPropertyOptional({ example: '10.00', description: 'USD; default 10.00.' })
  @IsOptional()
  @IsString()
  @Matches(USD, { message: 'amountUsd must be a decimal amount such as "10.00"' })
  amountUsd?: string;
}

/** An amount of money on the wire: integer micro-USD (1 USD = 1 000 000). */
const MICROS = { type: 'integer', example: 25_000_000 } as const;

/** One mode's balance: `available` is `balance` less what running calls hold. */
export class BalanceResponseDto implements BalanceView {
  @ApiProperty({ ...MICROS, description: 'Micro-USD credited and not yet charged.' })
  balance: Micros;

  @ApiProperty({ ...MICROS, example: 0, description: 'Micro-USD held by calls still running.' })
  held: Micros;

  @ApiProperty({ ...MICROS, description: 'Micro-USD a new call may hold: `balance - held`.' })
  available: Micros;
}

/** The balance of each mode. */
export class ModeBalancesResponseDto implements Record<Mode, BalanceView> {
  @ApiProperty({
    type: () => BalanceResponseDto,
    description: 'Bought credit, for `rs_live_` keys.',
  })
  live: BalanceResponseDto;

  @ApiProperty({ type: () => BalanceResponseDto, description: 'Free credit, for `rs_test_` keys.' })
  test: BalanceResponseDto;
}

/** The amount charged in each mode. */
export class ModeSpendResponseDto implements Record<Mode, Micros> {
  @ApiProperty({
    ...MICROS,
    example: 112_500,
    description: 'Micro-USD charged to the live balance.',
  })
  live: Micros;

  @ApiProperty({
    ...MICROS,
    example: 37_500,
    description: 'Micro-USD charged to the test balance.',
  })
  test: Micros;
}

/** Whether live credit can be bought here, and if not, why. */
export class LivePurchasesResponseDto implements LivePurchasesView {
  @ApiProperty({ description: '`false` when payments are not configured on this deployment.' })
  available: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why live credit cannot be bought; `null` while `available`.',
  })
  reason: string | null;
}

/** What pauses live calls; test calls are never paused. */
export class LiveSuspensionResponseDto implements LiveSuspensionView {
  @ApiProperty({
    ...MICROS,
    example: 0,
    description:
      'Micro-USD a refund or a lost dispute took back after it was spent or held. While above 0, live calls are refused with 402 `credit_shortfall`; added live credit pays it first.',
  })
  shortfallMicros: Micros;

  @ApiProperty({
    type: 'integer',
    example: 0,
    description:
      'Disputes of live purchases still open. While above 0, live calls are refused with 402 `payment_disputed`.',
  })
  openDisputes: number;
}

/** What one purchase may be, as decimal USD strings. */
export class CreditLimitsResponseDto implements Required<CreditOverviewView['limitsUsd']> {
  @ApiProperty({ example: '5.00', description: 'Smallest live purchase.' })
  min: string;

  @ApiProperty({ example: '1000.00', description: 'Largest live purchase.' })
  max: string;

  @ApiProperty({ example: '100.00', description: 'Most test credit added at a time.' })
  testMax: string;
}

/** `GET /account/credit`: balances, this month's spend and the purchase limits. */
export class CreditOverviewResponseDto implements CreditOverviewView {
  @ApiProperty({ type: () => ModeBalancesResponseDto })
  balances: ModeBalancesResponseDto;

  @ApiProperty({
    type: () => ModeSpendResponseDto,
    description: 'Charged since the start of the current UTC month.',
  })
  spendThisMonth: ModeSpendResponseDto;

  @ApiProperty({ type: () => LivePurchasesResponseDto })
  livePurchases: LivePurchasesResponseDto;

  @ApiProperty({ type: () => LiveSuspensionResponseDto })
  liveSuspension: LiveSuspensionResponseDto;

  @ApiProperty({
    type: [String],
    example: ['10.00', '25.00', '50.00', '100.00'],
    description: 'The purchase amounts the dashboard offers, in decimal USD.',
  })
  presetsUsd: string[];

  @ApiProperty({ type: () => CreditLimitsResponseDto })
  limitsUsd: CreditLimitsResponseDto;
}

/** `POST /account/credit/checkout`: the Stripe Checkout session to send the buyer to. */
export class CheckoutCreateResponseDto implements CheckoutView {
  @ApiProperty({
    example: 'cs_test_a1b2c3',
    description: 'The Checkout session id; `GET /account/credit/checkout/{id}` tells how it ended.',
  })
  id: string;

  @ApiProperty({ description: "Stripe's hosted payment page for this purchase." })
  url: string;
}

/** `GET /account/credit/checkout/{id}`, for the return page. */
export class CheckoutStatusResponseDto implements CheckoutStatusView {
  @ApiProperty({
    enum: CHECKOUT_STATUSES,
    description:
      "`open` until Stripe's webhook says how the checkout ended: `paid` (credited), `failed` (a delayed payment was refused) or `expired` (never paid); the last two charged and credited nothing.",
  })
  status: CheckoutStatus;

  @ApiProperty({ ...MICROS, description: 'The purchase, in micro-USD.' })
  amountMicros: Micros;

  @ApiProperty({ ...MICROS, description: 'The live balance now, in micro-USD.' })
  liveBalanceMicros: Micros;
}

/** `POST /account/credit/test`: the test balance after the grant. */
export class TestCreditResponseDto implements TestCreditView {
  @ApiProperty({ ...MICROS, description: 'The test balance after the grant, in micro-USD.' })
  balanceMicros: Micros;
}

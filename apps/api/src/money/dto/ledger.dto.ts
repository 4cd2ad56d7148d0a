import { ApiProperty } from '@nestjs/swagger';
import {
  MODES,
  type LedgerEntryView,
  type LedgerPageView,
  type Micros,
  type Mode,
} from '@reelscout/domain';

/** One row of `GET /account/ledger`: a movement of credit and the balance after it. */
export class LedgerEntryResponseDto implements LedgerEntryView {
  @ApiProperty({ example: '1042' })
  id: string;

  @ApiProperty({ enum: MODES })
  mode: Mode;

  @ApiProperty({
    example: 'charge',
    description:
      '`purchase`, `grant`, `charge`, `refund` (credit given back to you) or `adjustment`; and, negative, `payment_refund` (a refunded purchase taken back), `chargeback` (a lost dispute taken back) or `shortfall_payment` (added credit paying what a refund or dispute could not take back).',
  })
  kind: string;

  @ApiProperty({
    type: 'integer',
    example: -37_500,
    description:
      'Micro-USD; negative for a charge, a payment_refund, a chargeback or a shortfall_payment.',
  })
  amountMicros: Micros;

  @ApiProperty({
    type: 'integer',
    example: 24_962_500,
    description: "The mode's balance after this entry, in micro-USD.",
  })
  balanceAfterMicros: Micros;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'scan',
    description: 'The operation a charge paid for.',
  })
  operation: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The charged call's `x-request-id`.",
  })
  requestId: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'test credit from the dashboard' })
  reason: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

/** `GET /account/ledger`: a page of entries, newest first. */
export class LedgerPageResponseDto implements LedgerPageView {
  @ApiProperty({ type: () => [LedgerEntryResponseDto] })
  items: LedgerEntryResponseDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass back as `cursor` for the next page; `null` on the last page.',
  })
  nextCursor: string | null;
}

import { Inject, Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { ApiDashboardRoute, dashboardBodyErrors } from '../common/openapi/route-docs';
import { DomainError, parseUsd } from '@reelscout/domain';
import { CurrentAccount, SessionGuard } from '../request-context/session.guard';
import { paymentsConfig } from '../config';
import { BillingService } from '../money/billing.service';
import { UsageReportService } from '../usage/usage-report.service';
import { CheckoutService } from './checkout.service';
import {
  CheckoutCreateDto,
  CheckoutCreateResponseDto,
  CheckoutStatusResponseDto,
  CreditOverviewResponseDto,
  TestCreditDto,
  TestCreditResponseDto,
} from './dto/credit.dto';
import { PaymentsService } from './payments.service';

export const PRESET_PURCHASES_USD = ['10.00', '25.00', '50.00', '100.00'];
const MIN_PURCHASE = 5_000_000;
const MAX_PURCHASE = 1_000_000_000;

/** Dashboard back end: balances, buying live credit, free test credit (the ledger: money/). */
@ApiTags('dashboard: credit')
@Controller('account')
@UseGuards(SessionGuard)
export class CreditController {
  constructor(
    private readonly billing: BillingService,
    private readonly reads: UsageReportService,
    private readonly payments: PaymentsService,
    private readonly checkouts: CheckoutService,
    @Inject(paymentsConfig.KEY) private readonly config: ConfigType<typeof paymentsConfig>,
  ) {}

  @Get('credit')
  @ApiDashboardRoute({
    operationId: 'accountGetCredit',
    summary: 'Balances, spend this month and purchase options',
    auth: 'session',
  })
  @ApiOkResponse({
    type: CreditOverviewResponseDto,
    description: "Both balances, this month's spend and what may be bought.",
  })
  async overview(@CurrentAccount() account: Account): Promise<CreditOverviewResponseDto> {
    const monthStart = new Date();
    monthStart.setUTCDate(1);
    monthStart.setUTCHours(0, 0, 0, 0);
    const [balances, liveSpend, testSpend, liveSuspension] = await Promise.all([
      this.billing.balances(account.id),
      this.reads.spendSince(account.id, 'live', monthStart),
      this.reads.spendSince(account.id, 'test', monthStart),
      this.billing.liveSuspension(account.id),
    ]);
    return {
      balances,
      spendThisMonth: { live: liveSpend, test: testSpend },
      livePurchases: {
        available: this.payments.available,
        reason: this.payments.unavailableReason(),
      },
      liveSuspension,
      presetsUsd: PRESET_PURCHASES_USD,
      limitsUsd: {
        min: '5.00',
        max: '1000.00',
        testMax: `${this.config.testCreditMaxUsd}.00`,
      },
    };
  }

  @Post('credit/checkout')
  @HttpCode(201)
  @ApiDashboardRoute({
    operationId: 'accountCreateCheckout',
    summary: 'Start buying live credit (Stripe Checkout)',
    description: 'Between 5.00 and 1000.00 USD, in whole cents.',
    auth: 'session',
    errors: {
      ...dashboardBodyErrors(),
      502: { description: '`provider_error`: Stripe could not start a checkout.' },
      503: { description: '`provider_unavailable`: payments are not configured.' },
    },
  })
  @ApiCreatedResponse({
    type: CheckoutCreateResponseDto,
    description: 'The Stripe Checkout session, recorded as `open`; send the buyer to `url`.',
  })
  async checkout(
    @CurrentAccount() account: Account,
    @Body() body: CheckoutCreateDto,
  ): Promise<CheckoutCreateResponseDto> {
    const amount = parseUsd(body.amountUsd);
    if (
      amount === null ||
      amount < MIN_PURCHASE ||
      amount > MAX_PURCHASE ||
      amount % 10_000 !== 0
    ) {
      throw new DomainError('invalid_request', 'Buy between 5.00 and 1000.00 USD.', {
        param: 'amountUsd',
      });
    }
    const base = this.config.publicUrl.replace(/\/$/, '');
    return this.checkouts.create({
      accountId: account.id,
      email: account.email,
      amountMicros: amount,
      successUrl: `${base}/credit/return?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/credit`,
    });
  }

  /**
   * For the return page: `open` until Stripe's webhook says how the checkout ended, then `paid`
   * (credited), `failed` (a delayed payment was refused) or `expired` (never paid); the last two
   * charged and credited nothing.
   */
  @Get('credit/checkout/:id')
  @ApiDashboardRoute({
    operationId: 'accountGetCheckout',
    summary: 'How a checkout stands',
    auth: 'session',
    errors: {
      404: {
        description: '`not_found`: no checkout with this id in the account.',
        samples: { not_found: { message: 'No such checkout.' } },
      },
    },
  })
  @ApiOkResponse({
    type: CheckoutStatusResponseDto,
    description: 'How the checkout stands, and the live balance now.',
  })
  async checkoutStatus(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<CheckoutStatusResponseDto> {
    const checkout = await this.checkouts.getById(account.id, id.slice(0, 255));
    if (!checkout) throw new DomainError('not_found', 'No such checkout.');
    const { balance } = await this.billing.balance({ accountId: account.id, mode: 'live' });
    return {
      status: checkout.status,
      amountMicros: Number(checkout.amount),
      liveBalanceMicros: balance,
    };
  }

  @Post('credit/test')
  @HttpCode(200)
  @ApiDashboardRoute({
    operationId: 'accountAddTestCredit',
    summary: 'Add free test credit',
    description:
      'For `rs_test_` keys; 10.00 USD unless `amountUsd` says otherwise, at most `limitsUsd.testMax` at a time.',
    auth: 'session',
    errors: dashboardBodyErrors(),
  })
  @ApiOkResponse({ type: TestCreditResponseDto, description: 'The test balance after the grant.' })
  async addTestCredit(
    @CurrentAccount() account: Account,
    @Body() body: TestCreditDto,
  ): Promise<TestCreditResponseDto> {
    const max = this.config.testCreditMaxUsd * 1_000_000;
    const amount = parseUsd(body.amountUsd ?? '10.00');
    if (amount === null || amount <= 0 || amount > max) {
      throw new DomainError(
        'invalid_request',
        `Add between 0.01 and ${max / 1_000_000}.00 USD of test credit at a time.`,
        {
          param: 'amountUsd',
        },
      );
    }
    const result = await this.billing.credit({ accountId: account.id, mode: 'test' }, amount, {
      kind: 'grant',
      reason: 'test credit from the dashboard',
    });
    return { balanceMicros: result!.balance };
  }
}

import type { Type } from '@nestjs/common';
import type {
  AccountSubjectLimitsView,
  AccountView,
  ApiKeyDetailView,
  KeyAuditEntryView,
  RolledApiKeyView,
  UsageGroupView,
  ApiKeyListView,
  ApiKeyView,
  BalanceView,
  CheckoutStatusView,
  CheckoutView,
  CreatedApiKeyView,
  CreatedInviteView,
  CreditOverviewView,
  DailySpendListView,
  DailySpendView,
  InviteView,
  LedgerEntryView,
  LedgerPageView,
  LivePurchasesView,
  LiveSuspensionView,
  Micros,
  Mode,
  PasswordResetConfirmedView,
  PasswordResetRequestedView,
  SessionView,
  SignedInView,
  SignedOutView,
  TestCreditView,
  UsagePageView,
  UsageView,
} from '@reelscout/domain';
import { AccountResponseDto } from '../../accounts/dto/account.dto';
import {
  ApiKeyCreateResponseDto,
  ApiKeyDetailResponseDto,
  ApiKeyListResponseDto,
  ApiKeyResponseDto,
  KeyAuditEntryResponseDto,
  RolledApiKeyResponseDto,
  SubjectLimitsResponseDto,
} from '../../api-keys/dto/api-key.dto';
import {
  BalanceResponseDto,
  CheckoutCreateResponseDto,
  CheckoutStatusResponseDto,
  CreditLimitsResponseDto,
  CreditOverviewResponseDto,
  LivePurchasesResponseDto,
  LiveSuspensionResponseDto,
  ModeBalancesResponseDto,
  ModeSpendResponseDto,
  TestCreditResponseDto,
} from '../../payments/dto/credit.dto';
import { LedgerEntryResponseDto, LedgerPageResponseDto } from '../../money/dto/ledger.dto';
import {
  DailySpendListResponseDto,
  DailySpendResponseDto,
  UsageGroupResponseDto,
  UsagePageResponseDto,
  UsageResponseDto,
} from '../../usage/dto/usage.dto';
import {
  PasswordResetConfirmResponseDto,
  PasswordResetRequestResponseDto,
  SessionResponseDto,
  SignInResponseDto,
  SignOutResponseDto,
  SignUpResponseDto,
} from './auth.dto';
import { InviteCreateResponseDto, InviteInspectResponseDto } from './invite.dto';

/**
 * The response DTOs `implements` the wire shapes of @reelscout/domain, so the compiler refuses a
 * DTO missing a field. This closes the other direction: each DTO documents exactly the fields
 * of its view (the samples are `satisfies Required<View>`, so their keys are the view's keys).
 */
const account = {
  id: 'a',
  email: 'ada@example.com',
  apiAccess: true,
  isAdmin: false,
  createdAt: '2025-01-01T00:00:00.000Z',
} satisfies Required<AccountView>;

const apiKey = {
  id: 'k',
  name: 'server',
  mode: 'test',
  start: 'rs_test_AbCd…',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  status: 'active',
  limits: { totalMicros: null, dailyMicros: 5, monthlyMicros: null },
  operations: ['scan'],
  expiresAt: null,
  subjectLimits: { dailyMicros: null, monthlyMicros: null },
  rolledFrom: null,
  spend: { totalMicros: 0, dailyMicros: 0, monthlyMicros: 0 },
} satisfies Required<ApiKeyView>;

const auditEntry = {
  id: 'a',
  actor: 'account',
  action: 'update',
  before: { name: 'old' },
  after: { name: 'server' },
  createdAt: '2025-01-01T00:00:00.000Z',
} satisfies Required<KeyAuditEntryView>;
const subjectLimits = {
  dailyMicros: 1,
  monthlyMicros: null,
} satisfies Required<AccountSubjectLimitsView>;
const usageGroup = {
  group: 'k',
  keyName: 'server',
  keyStart: 'rs_test_AbCd…',
  calls: 1,
  chargedMicros: 1,
} satisfies Required<UsageGroupView>;

const balance = { balance: 2, held: 1, available: 1 } satisfies Required<BalanceView>;
const balances = { live: balance, test: balance } satisfies Required<Record<Mode, BalanceView>>;
const spend = { live: 0, test: 0 } satisfies Required<Record<Mode, Micros>>;
const livePurchases = {
  available: false,
  reason: 'no Stripe',
} satisfies Required<LivePurchasesView>;
const liveSuspension = {
  shortfallMicros: 0,
  openDisputes: 0,
} satisfies Required<LiveSuspensionView>;
const limitsUsd = {
  min: '5.00',
  max: '1000.00',
  testMax: '100.00',
} satisfies Required<CreditOverviewView['limitsUsd']>;

const ledgerEntry = {
  id: '1',
  mode: 'test',
  kind: 'grant',
  amountMicros: 1,
  balanceAfterMicros: 1,
  operation: null,
  requestId: null,
  reason: null,
  createdAt: '2025-01-01T00:00:00.000Z',
} satisfies Required<LedgerEntryView>;

const usage = {
  id: '1',
  requestId: 'r',
  createdAt: '2025-01-01T00:00:00.000Z',
  operation: 'scan',
  mode: 'test',
  subject: null,
  market: null,
  status: 200,
  errorCode: null,
  chargedMicros: 1,
  durationMs: 1,
  keyId: null,
  source: 'api',
} satisfies Required<UsageView>;

const dailySpend = {
  day: '2025-01-01',
  operation: 'scan',
  chargedMicros: 1,
  calls: 1,
} satisfies Required<DailySpendView>;

const CASES: [string, Type<unknown>, object][] = [
  ['AccountResponseDto', AccountResponseDto, account],
  ['SignInResponseDto', SignInResponseDto, { account } satisfies Required<SignedInView>],
  ['SignUpResponseDto', SignUpResponseDto, { account } satisfies Required<SignedInView>],
  ['SignOutResponseDto', SignOutResponseDto, { signedOut: true } satisfies SignedOutView],
  [
    'SessionResponseDto',
    SessionResponseDto,
    { signedIn: true, account } satisfies Required<SessionView>,
  ],
  [
    'PasswordResetRequestResponseDto',
    PasswordResetRequestResponseDto,
    { accepted: true } satisfies PasswordResetRequestedView,
  ],
  [
    'PasswordResetConfirmResponseDto',
    PasswordResetConfirmResponseDto,
    { reset: true } satisfies PasswordResetConfirmedView,
  ],
  [
    'InviteInspectResponseDto',
    InviteInspectResponseDto,
    { state: 'valid', email: null } satisfies Required<InviteView>,
  ],
  [
    'InviteCreateResponseDto',
    InviteCreateResponseDto,
    {
      id: 'i',
      url: 'https://example.com/invite/t',
      expiresAt: '2025-01-01T00:00:00.000Z',
      email: null,
      grantsApiAccess: false,
    } satisfies Required<CreatedInviteView>,
  ],
  ['ApiKeyResponseDto', ApiKeyResponseDto, apiKey],
  [
    'ApiKeyCreateResponseDto',
    ApiKeyCreateResponseDto,
    { ...apiKey, key: 'rs_test_…' } satisfies Required<CreatedApiKeyView>,
  ],
  [
    'ApiKeyListResponseDto',
    ApiKeyListResponseDto,
    { keys: [apiKey] } satisfies Required<ApiKeyListView>,
  ],
  ['KeyAuditEntryResponseDto', KeyAuditEntryResponseDto, auditEntry],
  [
    'ApiKeyDetailResponseDto',
    ApiKeyDetailResponseDto,
    { ...apiKey, audit: [auditEntry] } satisfies Required<ApiKeyDetailView>,
  ],
  [
    'RolledApiKeyResponseDto',
    RolledApiKeyResponseDto,
    {
      created: { ...apiKey, key: 'rs_test_…' },
      previous: apiKey,
    } satisfies Required<RolledApiKeyView>,
  ],
  ['SubjectLimitsResponseDto', SubjectLimitsResponseDto, subjectLimits],
  ['BalanceResponseDto', BalanceResponseDto, balance],
  ['ModeBalancesResponseDto', ModeBalancesResponseDto, balances],
  ['ModeSpendResponseDto', ModeSpendResponseDto, spend],
  ['LivePurchasesResponseDto', LivePurchasesResponseDto, livePurchases],
  ['CreditLimitsResponseDto', CreditLimitsResponseDto, limitsUsd],
  ['LiveSuspensionResponseDto', LiveSuspensionResponseDto, liveSuspension],
  [
    'CreditOverviewResponseDto',
    CreditOverviewResponseDto,
    {
      balances,
      spendThisMonth: spend,
      livePurchases,
      liveSuspension,
      presetsUsd: ['10.00'],
      limitsUsd,
    } satisfies Required<CreditOverviewView>,
  ],
  [
    'CheckoutCreateResponseDto',
    CheckoutCreateResponseDto,
    { id: 'cs_test_1', url: 'https://checkout.example.com/1' } satisfies Required<CheckoutView>,
  ],
  [
    'CheckoutStatusResponseDto',
    CheckoutStatusResponseDto,
    {
      status: 'open',
      amountMicros: 1,
      liveBalanceMicros: 0,
    } satisfies Required<CheckoutStatusView>,
  ],
  [
    'TestCreditResponseDto',
    TestCreditResponseDto,
    { balanceMicros: 1 } satisfies Required<TestCreditView>,
  ],
  ['LedgerEntryResponseDto', LedgerEntryResponseDto, ledgerEntry],
  [
    'LedgerPageResponseDto',
    LedgerPageResponseDto,
    { items: [ledgerEntry], nextCursor: null } satisfies Required<LedgerPageView>,
  ],
  ['UsageResponseDto', UsageResponseDto, usage],
  [
    'UsagePageResponseDto',
    UsagePageResponseDto,
    { items: [usage], nextCursor: null, groups: [usageGroup] } satisfies Required<UsagePageView>,
  ],
  ['UsageGroupResponseDto', UsageGroupResponseDto, usageGroup],
  ['DailySpendResponseDto', DailySpendResponseDto, dailySpend],
  [
    'DailySpendListResponseDto',
    DailySpendListResponseDto,
    { days: [dailySpend] } satisfies Required<DailySpendListView>,
  ],
];

/** Where @ApiProperty lists a class's documented properties (`:name`), prototype chain included. */
const API_MODEL_PROPERTIES = 'swagger/apiModelPropertiesArray';

function documentedFields(dto: Type<unknown>): string[] {
  const names: string[] = Reflect.getMetadata(API_MODEL_PROPERTIES, dto.prototype) ?? [];
  return [...new Set(names.map((name) => name.replace(/^:/, '')))].sort();
}

describe('dashboard response DTOs document exactly their domain views', () => {
  it.each(CASES)('%s', (_name, dto, sample) => {
    expect(documentedFields(dto)).toEqual(Object.keys(sample).sort());
  });
});

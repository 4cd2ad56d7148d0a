import type { Type } from '@nestjs/common';
import type {
  AccountView,
  ApiKeyListView,
  ApiKeyView,
  CreatedApiKeyView,
  CreatedInviteView,
  InviteView,
  PasswordResetConfirmedView,
  PasswordResetRequestedView,
  SessionView,
  SignedInView,
  SignedOutView,
} from '@reelscout/domain';
import { AccountResponseDto } from '../../accounts/dto/account.dto';
import {
  ApiKeyCreateResponseDto,
  ApiKeyListResponseDto,
  ApiKeyResponseDto,
} from '../../api-keys/dto/api-key.dto';
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
} satisfies Required<ApiKeyView>;

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

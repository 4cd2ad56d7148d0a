import { ApiProperty } from '@nestjs/swagger';
import type { AccountView } from '@reelscout/domain';

/** `GET /account`, and the account inside the sign-in, sign-up and session answers. */
export class AccountResponseDto implements AccountView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'ada@example.com' })
  email: string;

  @ApiProperty({ description: '`false`: no API settings and no key routes (403).' })
  apiAccess: boolean;

  @ApiProperty({ description: 'May create invites.' })
  isAdmin: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { formatUsd, maxCharge, OPERATIONS, PRICES, type Operation } from '@reelscout/domain';
import { IsIn, IsObject, IsOptional, IsString, Matches } from 'class-validator';
import { AssistRequestDto } from '../../assist/dto/assist.dto';
import { MusicRequestDto } from '../../music/dto/music.dto';
import { PlaybookRequestDto } from '../../playbook/dto/playbook.dto';
import { ScanRequestDto } from '../../scan/dto/scan.dto';
import { TrendsRequestDto } from '../../trends/dto/trends.dto';

/** The request body of each operation, as `POST /v1/<operation>` takes it. */
export const INPUT_DTOS = {
  assist: AssistRequestDto,
  scan: ScanRequestDto,
  playbook: PlaybookRequestDto,
  music: MusicRequestDto,
  trends: TrendsRequestDto,
} as const;

/** `POST /account/jobs`: one playground run. */
export class PlaygroundRunDto {
  @ApiProperty({ enum: OPERATIONS, example: 'scan' })
  @IsIn(OPERATIONS)
  operation: Operation;

  @ApiProperty({
    description:
      'Exactly the body of `POST /v1/<operation>`, validated the same way; an invalid field is 400 ' +
      '`invalid_request` with `param` prefixed `input.` (`input.limit`).',
    oneOf: Object.values(INPUT_DTOS).map((dto) => ({ $ref: getSchemaPath(dto) })),
    example: { query: 'latte art at home', limit: 5 },
  })
  @IsObject()
  input: Record<string, unknown>;

  @ApiPropertyOptional({
    description:
      'Live mode only, and required there: the most the run can cost (USD, six decimals), as the ' +
      `dashboard showed it: \`${formatUsd(PRICES.assist)}\` assist, \`${formatUsd(PRICES.scanPerReel)}\` × \`limit\` scan (\`${formatUsd(maxCharge('scan'))}\` for 20), ` +
      `\`${formatUsd(PRICES.playbook)}\` playbook, \`${formatUsd(PRICES.music)}\` music, \`${formatUsd(PRICES.trends)}\` trends. Any other value is 400 \`price_confirmation_required\`, ` +
      'nothing charged. Ignored in test mode.',
    example: formatUsd(maxCharge('scan')),
  })
  @IsOptional()
  @IsString()
  @Matches(/^[0-9]{1,9}\.[0-9]{6}$/, {
    message: 'confirm_price_usd must be a USD amount with six decimals (0.150000)',
  })
  confirm_price_usd?: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MODES, type Mode } from '@reelscout/domain';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { ListQueryDto } from '../../webhooks/dto/webhook-endpoint.dto';
import { SnapshotsQueryDto } from './watch.dto';

/** The dashboard has no key to say the mode: every watch route names it (`?mode=`). */
export class AccountWatchListQueryDto extends ListQueryDto {
  @ApiProperty({ enum: MODES })
  @IsIn(MODES)
  mode: Mode;
}

/** A creator watch's follower history, of the mode `?mode=` names. */
export class AccountSnapshotsQueryDto extends SnapshotsQueryDto {
  @ApiProperty({ enum: MODES })
  @IsIn(MODES)
  mode: Mode;
}

/** A dashboard run: a live one confirms the most it can cost, as the playground's runs do. */
export class AccountWatchRunDto {
  @ApiPropertyOptional({
    description:
      "Live runs only: the run's price as the dashboard showed it (a niche watch: its `limit` × the scan price per reel; a creator watch: the creator run's price), six decimals.",
    example: '0.200000',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[0-9]{1,9}\.[0-9]{6}$/, {
    message: 'confirm_price_usd must be a USD amount with six decimals (0.150000)',
  })
  confirm_price_usd?: string;
}

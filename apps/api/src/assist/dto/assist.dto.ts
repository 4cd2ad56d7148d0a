import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export const ASSIST_MESSAGE_MAX = 2_000;
/** Only this many of the latest history entries are used; older ones are ignored, not refused. */
export const ASSIST_HISTORY_USED = 10;

export class AssistHistoryEntryDto {
  @ApiProperty({ enum: ['user', 'agent'] })
  @IsIn(['user', 'agent'])
  role: 'user' | 'agent';

  @ApiProperty({ maxLength: ASSIST_MESSAGE_MAX })
  @IsString()
  @MaxLength(ASSIST_MESSAGE_MAX)
  text: string;
}

export class AssistRequestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: ASSIST_MESSAGE_MAX,
    example: 'What dog food reels are working right now?',
  })
  @IsString()
  @Length(1, ASSIST_MESSAGE_MAX)
  message: string;

  @ApiPropertyOptional({
    type: [AssistHistoryEntryDto],
    description: `Prior turns, most recent last. Only the last ${ASSIST_HISTORY_USED} are used; older entries are ignored.`,
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AssistHistoryEntryDto)
  history?: AssistHistoryEntryDto[];
}

export class AssistResponseDto {
  @ApiProperty({ enum: ['scan', 'chat', 'refuse'] })
  intent: 'scan' | 'chat' | 'refuse';

  @ApiProperty({ description: 'A conversational reply, for every intent.' })
  reply: string;

  @ApiPropertyOptional({
    description:
      'Only when intent is `scan`: a self-contained brief, ready to pass to /v1/scan. assist never runs the scan.',
  })
  query?: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { MODES, type Mode } from '@reelscout/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsString, Length } from 'class-validator';

export class ApiKeyCreateDto {
  @ApiProperty({ minLength: 1, maxLength: 64, example: 'production server' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, 64)
  name: string;

  @ApiProperty({ enum: MODES, description: '`test` keys use the sandbox and the test balance.' })
  @IsIn(MODES)
  mode: Mode;
}

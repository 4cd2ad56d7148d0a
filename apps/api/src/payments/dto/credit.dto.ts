import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MARKET_CHOICES, type MarketChoice } from '@reelscout/domain';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

export class ScanRequestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 2_000,
    description:
      'A plain-language brief: a niche, a product description, or a request naming competitors (@handles).',
    example: 'home espresso tips for beginners',
  })
  @IsString()
  @Length(1, 2_000)
  // A blank brief has nothing to plan from: a client error, not the provider's (was a 502).
  @Matches(/\S/, { message: 'query must not be blank' })
  query: string;

  @ApiPropertyOptional({
    enum: MARKET_CHOICES,
    default: 'auto',
    description:
      '`auto` infers the network from the brief: Simplified Chinese or a mainland place → network_b; Traditional Chinese or Taiwan/Hong Kong/Macau → network_a; otherwise network_a.',
  })
  @IsOptional()
  @IsIn(MARKET_CHOICES)
  market?: MarketChoice;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 20,
    default: 20,
    description: 'Reels to return; charged 0.007500 per reel delivered.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  limit?: number;
}

export class ScanRelevanceDto {
  @ApiProperty({ minimum: 0, maximum: 10 })
  score: number;

  @ApiProperty()
  reason: string;
}

export class ScanReelDto {
  @ApiProperty({ description: 'Provider id; network_b ids are `network_b:<id>`.' })
  id: string;
  @ApiProperty({ description: 'Canonical permalink.' })
  url: string;
  @ApiProperty({ type: String, nullable: true, description: 'Thumbnail; expires within hours.' })
  coverUrl: string | null;
  @ApiProperty({ type: String, nullable: true })
  authorHandle: string | null;
  @ApiProperty({ type: String, nullable: true })
  authorName: string | null;
  @ApiProperty({ type: String, nullable: true })
  caption: string | null;
  @ApiProperty({ type: 'integer' })
  playCount: number;
  @ApiProperty({ type: 'integer' })
  likeCount: number;
  @ApiProperty({ type: 'integer' })
  commentCount: number;
  @ApiProperty({ type: 'integer' })
  shareCount: number;
  @ApiProperty({ type: Number, nullable: true })
  durationSec: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601.' })
  postedAt: string | null;
  @ApiProperty({
    type: ScanRelevanceDto,
    nullable: true,
    description: 'null when the relevance pass was unavailable (degraded).',
  })
  relevance: ScanRelevanceDto | null;
}

export class ScanResponseDto {
  @ApiProperty({ enum: ['network_a', 'network_b'] })
  market: 'network_a' | 'network_b';
  @ApiProperty({ description: 'Short human label of what was searched.' })
  niche: string;
  @ApiProperty({ type: [String], description: 'Search phrases actually run against the provider.' })
  queries: string[];
  @ApiProperty({
    type: [ScanReelDto],
    description: 'Ordered by play count (ties by likes). `[]` is 200 and free.',
  })
  reels: ScanReelDto[];
  @ApiProperty({
    description:
      'true when the relevance pass could not run: order is by traction alone and every `relevance` is null.',
  })
  degraded: boolean;
}

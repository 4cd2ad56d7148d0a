import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  formatUsd,
  MARKET_CHOICES,
  OUTLIER_BANDS,
  PRICES,
  SCAN_SORTS,
  type MarketChoice,
  type OutlierBand,
  type ScanSort,
} from '@reelscout/domain';
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
    description: `Reels to return; charged ${formatUsd(PRICES.scanPerReel)} per reel delivered.`,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  limit?: number;

  @ApiPropertyOptional({
    enum: SCAN_SORTS,
    default: 'traction',
    description:
      'How the relevant reels are ranked before `limit` applies. `traction`: by play count, ties by likes (the default). ' +
      '`outlier`: by `outlier.score`, highest first, reels without one last, ties in traction order; it can bring in reels that play count alone would leave out. ' +
      '`relevance`: by relevance score, highest first, ties in traction order (a degraded answer has no scores and falls back to traction). ' +
      'The price is the same for every order.',
  })
  @IsOptional()
  @IsIn(SCAN_SORTS)
  sort?: ScanSort;
}

export class ScanRelevanceDto {
  @ApiProperty({ minimum: 0, maximum: 10 })
  score: number;

  @ApiProperty()
  reason: string;
}

export class ScanOutlierDto {
  @ApiProperty({
    description:
      '`ln(multiple) × ln(authorFollowers)`, natural logarithms, computed from the unrounded multiple and rounded to 2 decimals (halves up). Negative when the reel has fewer plays than its author has followers.',
    example: 39.17,
  })
  score: number;
  @ApiProperty({
    minimum: 0,
    description:
      '`playCount / authorFollowers`, rounded to 2 decimals (a multiple below 0.005 reads 0).',
    example: 133.33,
  })
  multiple: number;
  @ApiProperty({
    enum: OUTLIER_BANDS,
    description:
      'From the rounded `score`: ≥ 35 `exceptional`, 25 to < 35 `very_strong`, 18 to < 25 `strong`, 10 to < 18 `promising`, below 10 `ordinary`.',
  })
  band: OutlierBand;
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
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      "The author's follower count as the provider reported it with the reel; null when it did not.",
  })
  authorFollowers: number | null;
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
  @ApiProperty({
    type: ScanOutlierDto,
    nullable: true,
    description:
      "How far the reel outran its author's audience (`multiple`) weighted by that audience's size (`score`), with its `band`. null when `authorFollowers` is null or 0, or the reel has no plays. Never costs an extra provider call.",
  })
  outlier: ScanOutlierDto | null;
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
    description:
      'Ordered by play count (ties by likes) unless the request chose another `sort`. `[]` is 200 and free.',
  })
  reels: ScanReelDto[];
  @ApiProperty({
    description:
      'true when the relevance pass could not run: order is by traction alone and every `relevance` is null.',
  })
  degraded: boolean;
}

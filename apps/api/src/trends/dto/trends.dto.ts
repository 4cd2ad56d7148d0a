import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MARKETS,
  TREND_KINDS,
  TREND_SORTS,
  TREND_SOURCES,
  TREND_STAGES,
  TREND_WINDOWS,
  type Market,
  type TrendKind,
  type TrendSort,
  type TrendSource,
  type TrendStage,
  type TrendWindow,
} from '@reelscout/domain';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  Max,
  Min,
} from 'class-validator';

export class TrendsRequestDto {
  @ApiProperty({ enum: TREND_KINDS, description: 'Sounds or hashtags.' })
  @IsIn(TREND_KINDS)
  kind: TrendKind;

  @ApiProperty({ enum: MARKETS, description: 'The network whose charts are read.' })
  @IsIn(MARKETS)
  market: Market;

  @ApiPropertyOptional({
    enum: TREND_WINDOWS,
    default: 7,
    description: 'Days in each half of the comparison; `history` holds `2 × window` days.',
  })
  @IsOptional()
  @IsIn(TREND_WINDOWS)
  window?: TrendWindow;

  @ApiPropertyOptional({
    type: [String],
    enum: TREND_STAGES,
    description: 'Only items in any of these stages (default: every stage).',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @IsIn(TREND_STAGES, { each: true })
  stage?: TrendStage[];

  @ApiPropertyOptional({
    default: false,
    description:
      "Sounds only: only tracks in the network's commercial music library. With `kind: hashtags` → 400.",
  })
  @IsOptional()
  @IsBoolean()
  commercialOnly?: boolean;

  @ApiPropertyOptional({
    enum: TREND_SORTS,
    default: 'growth',
    description:
      '`growth`: `new` items first (by `current`), then by `growth`; `volume`: by `current`. Ties by id.',
  })
  @IsOptional()
  @IsIn(TREND_SORTS)
  sort?: TrendSort;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 50,
    default: 20,
    description: 'Items to return. Does not change the price.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;
}

export class TrendPointDto {
  @ApiProperty({ description: 'UTC date, YYYY-MM-DD.', example: '2026-03-01' })
  date: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The day’s value (see `source`); null: no observation that day (never invented).',
  })
  value: number | null;
}

export class TrendItemDto {
  @ApiProperty({
    description:
      'Sounds: the sound id as music returns it (plain on network_a, `network_b:<id>` on network_b); hashtags likewise.',
  })
  id: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Sounds: the title.' })
  title?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Hashtags: the name, without `#`.',
  })
  name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Sounds: the artist.' })
  author?: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The item on its network.' })
  url: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Cover image; may expire.' })
  coverUrl: string | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: "Sounds: in the network's commercial music library; null when unknown.",
  })
  commercial?: boolean | null;
  @ApiProperty({ enum: TREND_STAGES, description: 'From `history` by the rule above.' })
  stage: TrendStage;
  @ApiProperty({ description: 'Σ values of the last `window` days of `history`.' })
  current: number;
  @ApiProperty({ description: 'Σ values of the `window` days before.' })
  previous: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: '`current / previous` rounded to 2 decimals; null when `previous` is 0.',
  })
  growth: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Chart rank on `asOf`; null when not ranked that day.',
  })
  rank: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Rank `window` days before `asOf` minus rank on `asOf` (positive: climbed); null when either is unknown.',
  })
  rankChange: number | null;
  @ApiProperty({
    enum: TREND_SOURCES,
    description:
      "`counts`: a day's value is the uses (views, for hashtags) gained that day; `curve`: the provider's own popularity value.",
  })
  source: TrendSource;
  @ApiProperty({
    type: [TrendPointDto],
    description: 'One point per day for the `2 × window` days ending at `asOf`, oldest first.',
  })
  history: TrendPointDto[];
}

export class TrendsResponseDto {
  @ApiProperty({ enum: MARKETS })
  market: Market;
  @ApiProperty({ enum: TREND_KINDS })
  kind: TrendKind;
  @ApiProperty({ enum: TREND_WINDOWS })
  window: TrendWindow;
  @ApiProperty({
    description: 'The last day of `history` (UTC): the latest day observed, never after today.',
    example: '2026-03-01',
  })
  asOf: string;
  @ApiProperty({ type: [TrendItemDto] })
  items: TrendItemDto[];
  @ApiProperty({
    type: [String],
    description: 'Plain-language remarks: history that ends before today, thin coverage.',
  })
  notes: string[];
}

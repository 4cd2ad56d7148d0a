import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { TREND_STAGES, type TrendStage } from '@reelscout/domain';
import { AUDIO_MOODS, type AudioMood } from '../../media-analysis/audio-features';

export class MusicRequestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 2_000,
    description:
      'Link to the video to match sounds against: a network_a or network_b video, an Instagram reel or a ' +
      "YouTube short (both matched against network_a's catalogue); short share links and pasted share " +
      'texts that contain one link work too. Unsupported link → 400 (`param: "url"`); a valid link to a ' +
      'missing post or to a post without a video → 404 `not_found`.',
    example: 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792',
  })
  @IsString()
  @Length(1, 2_000)
  url: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 20,
    default: 10,
    description: 'Suggestions to return, best first. Does not change the price.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  limit?: number;

  @ApiPropertyOptional({
    default: false,
    description: "Only tracks in the network's commercial music library (cleared for brand posts).",
  })
  @IsOptional()
  @IsBoolean()
  requireCommercial?: boolean;
}

export class MusicVideoDto {
  @ApiProperty({
    description:
      "The video's public id: network_b `network_b:<id>`, `instagram:<code>`, `youtube:<id>`.",
  })
  id: string;
  @ApiProperty({ description: 'Canonical permalink.' })
  url: string;
  @ApiProperty({ description: 'Full runtime, seconds.' })
  durationSec: number;
}

export class SoundVibeDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Beats per minute read from the audio (60–200; very slow or fast tracks can read at half or double); null without a steady beat.',
  })
  tempoBpm: number | null;
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: 'Loudness and busyness, 0 (quiet, sparse) to 1.',
  })
  energy: number;
  @ApiProperty({ enum: AUDIO_MOODS, description: 'The valence/arousal quadrant.' })
  mood: AudioMood;
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: 'Dark (0) to bright (1): mode, tonal clarity, brightness.',
  })
  valence: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'Calm (0) to excited (1).' })
  arousal: number;
}

export class SoundTrendDto {
  @ApiProperty({
    enum: ['rising', 'steady', 'fading', 'unknown'],
    description:
      'From the usage history (last quarter against first quarter: ≥ +25 % rising, ≤ −20 % fading); without a history, from chart movement; `unknown` only when the network gave neither a usage history nor a chart placement that moved (never guessed).',
  })
  direction: 'rising' | 'steady' | 'fading' | 'unknown';
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Videos using the sound, as the network reports it.',
  })
  usageCount: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Relative change of usage over the history: 0.35 is +35 %, −0.5 is half. null without a history, or when usage rose from zero (no ratio measures that).',
  })
  growth: number | null;
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: 'Momentum (60 %) and reach (40 %): the trend input of `finalScore`.',
  })
  strength: number;
  @ApiProperty({
    enum: ['usage_history', 'chart_movement', 'none'],
    description: 'What the reading rests on.',
  })
  basis: 'usage_history' | 'chart_movement' | 'none';
  @ApiPropertyOptional({
    enum: TREND_STAGES,
    description:
      'The stage `POST /v1/trends` gives this sound, by the same rule on its last 14 days (window 7) in the trend history Reelscout keeps; absent when there is no history of the sound.',
  })
  stage?: TrendStage;
}

export class SoundCommercialDto {
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: "In the network's commercial music library; null when the network did not say.",
  })
  inCommercialLibrary: boolean | null;
  @ApiProperty({
    description: 'Cleared for brand and sponsored posts (true only for commercial-library tracks).',
  })
  clearedForBrandUse: boolean;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: "A creator's original sound rather than a released track.",
  })
  originalSound: boolean | null;
}

export class SoundFitPartsDto {
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: "Tempo against the video's cut rhythm; half and double time count. Weight 0.40.",
  })
  tempo: number;
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: "Energy against the video's audio and pace. Weight 0.25.",
  })
  energy: number;
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: "Valence/arousal distance to the video's own audio. Weight 0.20.",
  })
  mood: number;
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: "Usable slice against the video's length. Weight 0.15.",
  })
  length: number;
}

export class SoundFitDto {
  @ApiProperty({ minimum: 0, maximum: 1, description: 'Weighted sum of `parts`.' })
  score: number;
  @ApiProperty({ description: 'The deciding reasons, in plain words.' })
  why: string;
  @ApiProperty({
    type: SoundFitPartsDto,
    description: 'Each ingredient of the score, 0..1 (0.5 where the data to judge it is missing).',
  })
  parts: SoundFitPartsDto;
}

export class SoundSuggestionDto {
  @ApiProperty({ description: 'Sound id; network_b ids are `network_b:<id>`.' })
  soundId: string;
  @ApiProperty({ type: String, nullable: true })
  title: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Track artist or original creator.' })
  author: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Artwork; expires.' })
  coverUrl: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Streamable audio; expires, usually within hours.',
  })
  previewUrl: string | null;
  @ApiProperty({
    description: 'Link to the sound on its platform (the name is the same on both networks).',
  })
  tiktokUrl: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Full track length, seconds.' })
  durationSec: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Slice usable in an edit, seconds.' })
  shootDurationSec: number | null;
  @ApiProperty({
    type: SoundVibeDto,
    nullable: true,
    description: "Reading of the sound's own audio.",
  })
  vibe: SoundVibeDto | null;
  @ApiProperty({ type: SoundTrendDto })
  trend: SoundTrendDto;
  @ApiProperty({ type: SoundCommercialDto })
  commercial: SoundCommercialDto;
  @ApiProperty({ type: SoundFitDto })
  fit: SoundFitDto;
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description:
      '0.85 × fit.score + 0.15 × trend.strength: the ranking key. A fit lead above 0.18 always wins, whatever the trends.',
  })
  finalScore: number;
  @ApiProperty({ type: [String], description: 'Caveats, never errors.' })
  warnings: string[];
}

export class MusicResponseDto {
  @ApiProperty({
    enum: ['network_a', 'network_b'],
    description:
      "Catalogue searched, from the video's network (Instagram and YouTube → network_a).",
  })
  market: 'network_a' | 'network_b';
  @ApiProperty({ type: MusicVideoDto })
  video: MusicVideoDto;
  @ApiProperty({
    type: [SoundSuggestionDto],
    description: 'Best first (by `finalScore`), at most `limit`. `[]` is 200 and free.',
  })
  suggestions: SoundSuggestionDto[];
  @ApiProperty({ type: 'integer', description: 'How many sounds were scored.' })
  considered: number;
  @ApiProperty({
    type: [String],
    description: 'Notes about the run: a thin pool, cache share, sounds left out.',
  })
  notes: string[];
}

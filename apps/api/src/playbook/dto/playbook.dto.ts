import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LANGUAGES, MAX_LINK_INPUT_LENGTH, type Language, type Market } from '@reelscout/domain';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import {
  OVERLAY_SOURCES,
  PLAYBOOK_TIER,
  PLAYBOOK_VERSION,
  RHYTHMS,
  TRANSCRIPT_SOURCES,
  type PlaybookDocument,
  type PlaybookEditingGuide,
  type PlaybookExperiment,
  type PlaybookFormat,
  type PlaybookHook,
  type PlaybookOverlay,
  type PlaybookOverlaySource,
  type PlaybookOverview,
  type PlaybookPacing,
  type PlaybookPlan,
  type PlaybookScene,
  type PlaybookScriptLine,
  type PlaybookSetup,
  type PlaybookTranscript,
  type Rhythm,
  type TimedLine,
  type TranscriptSource,
} from '../playbook.document';

/** The longest video span a playbook describes; longer videos are clipped, never refused. */
export const PLAYBOOK_MAX_SECONDS = 120;

export class PlaybookRequestDto {
  @ApiProperty({
    maxLength: MAX_LINK_INPUT_LENGTH,
    description:
      'Link to one video: network_a (`tiktok.com/@h/video/ID`, `vm.`/`vt.tiktok.com/CODE`, …), network_b ' +
      '(`douyin.com/video/ID`, `v.douyin.com/CODE/`, …), Instagram reels (`/reel/`, `/reels/`, `/p/`, `/tv/`, ' +
      '`/share/reel/`) or YouTube shorts (`/shorts/ID`, `youtu.be/ID`). A pasted share text containing ' +
      'one such link works too. Unsupported link → 400 `param: "url"`; a missing post or one without a ' +
      'video (photo, slides) → 404. Neither is charged.',
    example: 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792',
  })
  @IsString()
  @MaxLength(MAX_LINK_INPUT_LENGTH)
  url: string;

  @ApiPropertyOptional({
    description:
      'Language to write the playbook in: `en`, `zh-Hans` or `zh-Hant` (Traditional characters). ' +
      'Aliases, case-insensitive: `english`; `chinese`, `simplified`, `zh`, `zh-CN` → zh-Hans; ' +
      '`traditional`, `zh-TW`, `zh-HK` → zh-Hant. Default: `zh-Hans` for network_b videos, `en` otherwise.',
    example: 'en',
  })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  language?: string;
}

export class PlaybookReelDto {
  @ApiProperty({
    description:
      'Provider id: plain for network_a; `network_b:<id>`, `instagram:<code>`, `youtube:<id>` otherwise.',
    example: '7400000443622845792',
  })
  id: string;
  @ApiProperty({ description: 'Canonical permalink.' })
  url: string;
  @ApiProperty({
    enum: ['network_a', 'network_b'],
    description: 'Instagram and YouTube videos belong to network_a.',
  })
  market: Market;
  @ApiProperty({ type: String, nullable: true })
  authorHandle: string | null;
  @ApiProperty({ type: String, nullable: true })
  caption: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Full runtime, seconds.' })
  durationSec: number | null;
}

/*
 * The playbook document as the API documents it. Its one definition is `PLAYBOOK_DOCUMENT`
 * (playbook.document.ts): each class below implements the type derived from it, and
 * playbook.dto.spec.ts checks that the fields they document are exactly the schema's.
 */

export class PlaybookTimedTextDto implements TimedLine {
  @ApiProperty({ description: 'Seconds from the start of the video.' })
  start: number;
  @ApiProperty()
  end: number;
  @ApiProperty()
  text: string;
}

export class PlaybookOverviewDto implements PlaybookOverview {
  @ApiProperty({ description: 'What the video is.' })
  summary: string;
  @ApiProperty({ description: 'Who it is for.' })
  audience: string;
  @ApiProperty({ description: 'Seconds the document covers (same as the response field).' })
  analyzedSeconds: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Full runtime of the video.' })
  durationSec: number | null;
  @ApiProperty({ description: 'True when the video is longer than the 120 s analyzed.' })
  clipped: boolean;
}

export class PlaybookHookDto implements PlaybookHook {
  @ApiProperty({ description: 'The opening line or on-screen promise.' })
  text: string;
  @ApiProperty({ description: 'Why it holds attention.' })
  why: string;
  @ApiProperty({ description: 'Always 0.' })
  start: number;
  @ApiProperty({
    description: 'End of the opening line or on-screen text (else of the first scene).',
  })
  end: number;
}

export class PlaybookTranscriptDto implements PlaybookTranscript {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Language of the text (`en`, `zh-Hans`, …). Chinese speech is written in the script of the ' +
      'requested language; other speech as spoken.',
  })
  language: string | null;
  @ApiProperty({
    enum: TRANSCRIPT_SOURCES,
    description:
      '`platform_captions`: the platform’s own caption track; `transcription`: speech-to-text of the ' +
      'audio; `none`: the video has no audio.',
  })
  source: TranscriptSource;
  @ApiProperty()
  fullText: string;
  @ApiProperty({ type: [PlaybookTimedTextDto], description: 'Timed as measured, within the span.' })
  segments: PlaybookTimedTextDto[];
}

export class PlaybookSceneDto implements PlaybookScene {
  @ApiProperty({ description: 'Measured cut (ffmpeg scene detection), seconds.' })
  start: number;
  @ApiProperty({ description: 'The next measured cut, or the end of the analyzed span.' })
  end: number;
  @ApiProperty()
  description: string;
}

export class PlaybookOverlayDto implements PlaybookOverlay {
  @ApiProperty()
  start: number;
  @ApiProperty()
  end: number;
  @ApiProperty()
  text: string;
  @ApiProperty({
    enum: OVERLAY_SOURCES,
    description:
      '`platform_metadata` / `sandbox_spec`: known text with exact timing. `key_frame`: text read in a ' +
      'key frame (there is no OCR); its span is the scene that frame belongs to.',
  })
  source: PlaybookOverlaySource;
}

export class PlaybookPacingDto implements PlaybookPacing {
  @ApiProperty()
  analyzedSeconds: number;
  @ApiProperty({ type: 'integer' })
  sceneCount: number;
  @ApiProperty()
  averageSceneSec: number;
  @ApiProperty()
  cutsPerMinute: number;
  @ApiProperty({
    enum: RHYTHMS,
    description: 'Average scene < 2.5 s fast, ≤ 5 s medium, else slow.',
  })
  rhythm: Rhythm;
  @ApiProperty()
  notes: string;
}

export class PlaybookFormatDto implements PlaybookFormat {
  @ApiProperty({ description: 'The repeatable format underneath this video.' })
  name: string;
  @ApiProperty()
  description: string;
  @ApiProperty()
  whyItWorks: string;
}

export class PlaybookScriptLineDto implements PlaybookScriptLine {
  @ApiProperty({
    description: 'When the beat happens in the original, seconds; snapped to a measured event.',
  })
  t: number;
  @ApiProperty()
  line: string;
}

export class PlaybookSetupDto implements PlaybookSetup {
  @ApiProperty()
  camera: string;
  @ApiProperty()
  lighting: string;
  @ApiProperty()
  audio: string;
  @ApiProperty({ type: [String] })
  props: string[];
}

export class PlaybookEditingGuideDto implements PlaybookEditingGuide {
  @ApiProperty({ description: 'Measured average scene length.' })
  cutEverySec: number;
  @ApiProperty()
  captions: string;
  @ApiProperty()
  music: string;
  @ApiProperty({ type: [String] })
  notes: string[];
}

export class PlaybookPlanDto implements PlaybookPlan {
  @ApiProperty({ type: [PlaybookScriptLineDto] })
  script: PlaybookScriptLineDto[];
  @ApiProperty({ type: [String] })
  shotList: string[];
  @ApiProperty({ type: PlaybookSetupDto })
  setup: PlaybookSetupDto;
  @ApiProperty({ type: PlaybookEditingGuideDto })
  editingGuide: PlaybookEditingGuideDto;
  @ApiProperty({ description: 'A ready-to-post caption.' })
  caption: string;
  @ApiProperty()
  cta: string;
}

export class PlaybookExperimentDto implements PlaybookExperiment {
  @ApiProperty()
  idea: string;
  @ApiProperty()
  why: string;
}

export class PlaybookDocumentDto implements PlaybookDocument {
  @ApiProperty({
    type: 'integer',
    enum: [PLAYBOOK_VERSION],
    description: 'Schema version, currently 2.',
  })
  version: typeof PLAYBOOK_VERSION;
  @ApiProperty({ enum: [PLAYBOOK_TIER], description: 'Every playbook is full depth.' })
  tier: typeof PLAYBOOK_TIER;
  @ApiProperty({ type: PlaybookOverviewDto })
  overview: PlaybookOverviewDto;
  @ApiProperty({ type: PlaybookHookDto })
  hook: PlaybookHookDto;
  @ApiProperty({ type: PlaybookTranscriptDto })
  transcript: PlaybookTranscriptDto;
  @ApiProperty({
    type: [PlaybookSceneDto],
    description: 'In order, contiguous, covering [0, analyzedSeconds].',
  })
  scenes: PlaybookSceneDto[];
  @ApiProperty({ type: [PlaybookOverlayDto] })
  overlays: PlaybookOverlayDto[];
  @ApiProperty({ type: PlaybookPacingDto })
  pacing: PlaybookPacingDto;
  @ApiProperty({ type: PlaybookFormatDto })
  format: PlaybookFormatDto;
  @ApiProperty({ type: PlaybookPlanDto, description: 'The remake plan.' })
  playbook: PlaybookPlanDto;
  @ApiProperty({ type: [PlaybookExperimentDto] })
  experiments: PlaybookExperimentDto[];
  @ApiProperty({ type: [String], description: 'What would not transfer to a different brand.' })
  caveats: string[];
}

export class PlaybookResponseDto {
  @ApiProperty({ type: PlaybookReelDto })
  reel: PlaybookReelDto;
  @ApiProperty({ enum: LANGUAGES, description: 'The language the playbook is written in.' })
  language: Language;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: `Seconds actually watched: min(duration, ${PLAYBOOK_MAX_SECONDS}). Nothing after it is described.`,
  })
  analyzedSeconds: number | null;
  @ApiProperty({ type: PlaybookDocumentDto })
  playbook: PlaybookDocumentDto;
}

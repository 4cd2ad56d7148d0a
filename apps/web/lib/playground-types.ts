/**
 * The playground's /v1 wire types. The dashboard may not import the API; where the SDK's types
 * (generated from the API's OpenAPI document) fit, they are used as they are, type-only. The
 * rest are local copies of the fields the views read; anything else in a result is kept as it is.
 */
import type { MarketChoice } from '@reelscout/domain/markets/market';
import type { Market, Mode } from '@reelscout/domain/modes';
import type { Operation } from '@reelscout/domain/prices';
import type { ScanReel as WireScanReel, ScanRequest } from '@reelscout/sdk';

export type PlaygroundOperation = Operation;
export type { Market, MarketChoice, Mode };

// ---------- requests (the /v1/<operation> bodies) ----------

export interface AssistHistoryEntry {
  role: 'user' | 'agent';
  text: string;
}

export interface AssistInput {
  message: string;
  history?: AssistHistoryEntry[];
}

export type ScanInput = Pick<ScanRequest, 'query' | 'market' | 'limit'>;

export interface PlaybookInput {
  url: string;
  language?: string;
}

export interface MusicInput {
  url: string;
  limit?: number;
  requireCommercial?: boolean;
}

export type TrendKind = 'sounds' | 'hashtags';
export type TrendStage = 'new' | 'rising' | 'steady' | 'fading';

export interface TrendsInput {
  kind: TrendKind;
  market: Market;
  window?: 7 | 30;
  stage?: TrendStage[];
  commercialOnly?: boolean;
  sort?: 'growth' | 'volume';
  limit?: number;
}

export interface InputOf {
  assist: AssistInput;
  scan: ScanInput;
  playbook: PlaybookInput;
  music: MusicInput;
  trends: TrendsInput;
}

export type AnyInput = InputOf[PlaygroundOperation];

// ---------- results ----------

export interface AssistResult {
  intent: 'scan' | 'chat' | 'refuse';
  reply: string;
  query?: string;
}

/**
 * A scan reel as the API sends it. Runs stored before `authorFollowers` and `outlier` existed
 * lack them, so the views treat a missing one like `null`.
 */
export type ScanReel = Omit<WireScanReel, 'authorFollowers' | 'outlier'> &
  Partial<Pick<WireScanReel, 'authorFollowers' | 'outlier'>>;

export type OutlierBand = NonNullable<WireScanReel['outlier']>['band'];

export interface ScanResult {
  market: Market;
  niche: string;
  queries: string[];
  reels: ScanReel[];
  degraded: boolean;
}

export interface TimedText {
  start: number;
  end: number;
  text: string;
}

export interface PlaybookScene {
  start: number;
  end: number;
  description: string;
}

export interface PlaybookOverlay extends TimedText {
  source: string;
}

export interface PlaybookDocument {
  version: number;
  tier: string;
  overview: {
    summary: string;
    audience: string;
    analyzedSeconds: number;
    durationSec: number | null;
    clipped: boolean;
  };
  hook: { text: string; why: string; start: number; end: number };
  transcript: {
    language: string | null;
    source: string;
    fullText: string;
    segments: TimedText[];
  };
  scenes: PlaybookScene[];
  overlays: PlaybookOverlay[];
  pacing: {
    analyzedSeconds: number;
    sceneCount: number;
    averageSceneSec: number;
    cutsPerMinute: number;
    rhythm: string;
    notes: string;
  };
  format: { name: string; description: string; whyItWorks: string };
  playbook: {
    script: { t: number; line: string }[];
    shotList: string[];
    setup: { camera: string; lighting: string; audio: string; props: string[] };
    editingGuide: { cutEverySec: number; captions: string; music: string; notes: string[] };
    caption: string;
    cta: string;
  };
  experiments: { idea: string; why: string }[];
  caveats: string[];
}

export interface PlaybookResult {
  reel: {
    id: string;
    url: string;
    market: Market;
    authorHandle: string | null;
    caption: string | null;
    durationSec: number | null;
  };
  language: string;
  analyzedSeconds: number | null;
  playbook: PlaybookDocument;
}

export interface TrendPoint {
  at?: string;
  value: number;
}

export interface SoundTrend {
  direction: 'rising' | 'steady' | 'fading' | 'unknown';
  usageCount: number | null;
  growth: number | null;
  strength: number;
  basis: 'usage_history' | 'chart_movement' | 'none';
  /** The usage history behind the reading, when the result carries it. */
  history?: TrendPoint[] | null;
}

export interface SoundSuggestion {
  soundId: string;
  title: string | null;
  author: string | null;
  coverUrl: string | null;
  previewUrl: string | null;
  tiktokUrl: string;
  durationSec: number | null;
  shootDurationSec: number | null;
  vibe: {
    tempoBpm: number | null;
    energy: number;
    mood: string;
    valence: number;
    arousal: number;
  } | null;
  trend: SoundTrend;
  commercial: {
    inCommercialLibrary: boolean | null;
    clearedForBrandUse: boolean;
    originalSound: boolean | null;
  };
  fit: {
    score: number;
    why: string;
    parts?: { tempo: number; energy: number; mood: number; length: number };
  };
  finalScore: number;
  warnings: string[];
}

export interface MusicResult {
  market: Market;
  video: { id: string; url: string; durationSec: number };
  suggestions: SoundSuggestion[];
  considered: number;
  notes: string[];
}

export interface ResultOf {
  assist: AssistResult;
  scan: ScanResult;
  playbook: PlaybookResult;
  music: MusicResult;
}

export interface TrendItem {
  id: string;
  title?: string | null;
  name?: string | null;
  author?: string | null;
  url: string | null;
  coverUrl: string | null;
  commercial?: boolean | null;
  stage: TrendStage;
  current: number;
  previous: number;
  growth: number | null;
  rank: number | null;
  rankChange: number | null;
  source: 'counts' | 'curve';
  history: { date: string; value: number | null }[];
}

export interface TrendsResult {
  market: Market;
  kind: TrendKind;
  window: 7 | 30;
  asOf: string;
  items: TrendItem[];
  notes: string[];
}

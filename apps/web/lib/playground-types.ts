/**
 * The playground's local copies of the /v1 wire types (SPEC.md; the API's DTOs in
 * apps/api/src/{assist,scan,playbook,music}/dto are their source). The dashboard may not import the
 * API, so the fields it reads are written out here; anything else in a result is kept as it is.
 */
import type { MarketChoice } from '@reelscout/domain/markets/market';
import type { Market, Mode } from '@reelscout/domain/modes';
import type { Operation } from '@reelscout/domain/prices';

export type PlaygroundOperation = Operation;
export type { MarketChoice, Mode };

// ---------- requests (the /v1/<operation> bodies) ----------

export interface AssistHistoryEntry {
  role: 'user' | 'agent';
  text: string;
}

export interface AssistInput {
  message: string;
  history?: AssistHistoryEntry[];
}

export interface ScanInput {
  query: string;
  market?: MarketChoice;
  limit?: number;
}

export interface PlaybookInput {
  url: string;
  language?: string;
}

export interface MusicInput {
  url: string;
  limit?: number;
  requireCommercial?: boolean;
}

export interface InputOf {
  assist: AssistInput;
  scan: ScanInput;
  playbook: PlaybookInput;
  music: MusicInput;
}

export type AnyInput = InputOf[PlaygroundOperation];

// ---------- results ----------

export interface AssistResult {
  intent: 'scan' | 'chat' | 'refuse';
  reply: string;
  query?: string;
}

export interface ScanReel {
  id: string;
  url: string;
  coverUrl: string | null;
  authorHandle: string | null;
  authorName: string | null;
  /** Not in the /v1 scan response today; shown when a result carries it. */
  authorFollowers?: number | null;
  caption: string | null;
  playCount: number;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  durationSec: number | null;
  postedAt: string | null;
  relevance: { score: number; reason: string } | null;
}

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

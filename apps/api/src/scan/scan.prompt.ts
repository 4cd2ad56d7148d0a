import type { Market } from '@reelscout/domain';
import type { JsonSchema, LlmPrompt } from '../providers/llm.provider';

/** What the plan prompt is written from (and what the sandbox's stand-in answers from). */
export interface ScanPlanInput {
  query: string;
  market: Market;
}

/** The plan, as the schema states it (checked again by `validatePlan`). */
export interface ScanPlanAnswer {
  niche: string;
  phrases: string[];
}

/** One candidate reel, as the relevance prompt shows it. */
export interface ScanRelevanceReel {
  id: string;
  caption: string | null;
  hashtags?: string[];
  authorHandle?: string | null;
}

/** What one relevance batch is written from. */
export interface ScanRelevanceInput {
  query: string;
  reels: ScanRelevanceReel[];
}

/** The scores, as the schema states them (checked again by `validateRelevance`). */
export interface ScanRelevanceAnswer {
  scores: { id: string; score: number; reason: string }[];
}

const PLAN_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    niche: { type: 'string' },
    phrases: { type: 'array', items: { type: 'string' } },
  },
  required: ['niche', 'phrases'],
  additionalProperties: false,
};

const RELEVANCE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    scores: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          score: { type: 'number' },
          reason: { type: 'string' },
        },
        required: ['id', 'score', 'reason'],
        additionalProperties: false,
      },
    },
  },
  required: ['scores'],
  additionalProperties: false,
};

const MARKET_LANGUAGE: Record<Market, string> = {
  network_a: 'the language of the brief (English unless the brief is in another language)',
  network_b: 'Simplified Chinese',
};

/** scan's first question: a niche label and the search phrases for the brief, on one market. */
export const SCAN_PLAN_PROMPT: LlmPrompt<ScanPlanInput> = {
  name: 'scan_plan',
  schema: PLAN_SCHEMA,
  system: ({ market }) =>
    `You plan searches for short-form reels on ${market}. Return a short human "niche" label and 3 to 6 distinct search phrases in ${MARKET_LANGUAGE[market]}, as a creator would type them. When the brief names competitors, include their @handles as phrases.`,
  user: ({ query }) => query,
};

/** scan's second question, once per batch of candidates: how well each reel fits the brief. */
export const SCAN_RELEVANCE_PROMPT: LlmPrompt<ScanRelevanceInput> = {
  name: 'scan_relevance',
  schema: RELEVANCE_SCHEMA,
  system: () =>
    'Score how well each reel matches the brief, 0 (unrelated) to 10 (exactly what was asked for), with a one-sentence reason a marketer would understand. Score every id you are given.',
  user: ({ query, reels }) => `Brief: ${query}\n\nReels:\n${JSON.stringify(reels)}`,
};

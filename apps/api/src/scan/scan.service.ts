import { Injectable, Logger } from '@nestjs/common';
import { DomainError, resolveScanMarket, type Market, type Mode } from '@reelscout/domain';
import { anySignal, withTimeoutSignal } from '../common/async/abort';
import { mapLimit, mapLimitSettled } from '../common/async/map-limit';
import type { WorkContext } from '../execution/operation.contract';
import { promptRequest } from '../providers/llm.provider';
import type { Post } from '../providers/provider.types';
import { ProvidersService, type ModeProviders } from '../providers/providers.service';
import type { ScanRequestDto, ScanResponseDto } from './dto/scan.dto';
import { SCAN_PLAN_PROMPT, SCAN_RELEVANCE_PROMPT } from './scan.prompt';
import {
  dedupeVideos,
  hasAllCounts,
  rankReels,
  validatePlan,
  validateRelevance,
  type Relevance,
} from './scan.ranking';

/** Search pages per phrase: network_b pages twice as deep, at no extra price. */
export const PAGES_PER_PHRASE: Record<Market, number> = { network_a: 1, network_b: 2 };
const SEARCH_CONCURRENCY = 6;
/** Relevance batches run in one parallel round: output tokens, not calls, dominate LLM latency. */
const RELEVANCE_CONCURRENCY = 8;
const RELEVANCE_BATCH_MIN = 10;
const RELEVANCE_BATCH_MAX = 40;
/** The relevance pass gets at most this long; past it the scan answers degraded, not late. */
export const RELEVANCE_BUDGET_MS = 30_000;
/**
 * Time kept back from the deadline after the relevance pass (ranking, the response): a tenth of
 * the deadline, at most 2 s (90 s deadline → the pass ends by 88 s).
 */
const RELEVANCE_MARGIN_SHARE = 0.1;
const RELEVANCE_MARGIN_MAX_MS = 2_000;

/** Provider failures one phrase (or one later page) may have without failing the scan. */
const TOLERATED_SEARCH_ERRORS = new Set(['provider_error', 'provider_unavailable', 'timeout']);

/**
 * How long the relevance pass may take: its own budget, but never past the scan's deadline minus
 * a margin, so a late pass ends in a degraded answer (reels already fetched are delivered and
 * charged) instead of a 504 that throws them away. 0 or less: no time left, skip the pass.
 */
export function relevanceBudgetMs(
  remainingMs: number,
  deadlineMs: number,
  budgetMs: number = RELEVANCE_BUDGET_MS,
): number {
  const margin = Math.min(RELEVANCE_MARGIN_MAX_MS, Math.ceil(deadlineMs * RELEVANCE_MARGIN_SHARE));
  return Math.min(budgetMs, remainingMs - margin);
}

/** What one phrase's search brought back. */
interface PhraseSearch {
  posts: Post[];
  /** Later pages (network_b's deeper paging) that failed; what arrived before is kept. */
  failedPages: number;
}

/**
 * scan (ARCHITECTURE §9): plan phrases → search them in parallel (network_b deeper) → dedupe,
 * videos only → network_b play counts backfilled → relevance pass (≥ 6 kept; on failure
 * `degraded`) → in the requested order (play count unless `sort` says otherwise) → `limit`.
 *
 * Partial failures: a phrase whose search fails (or a later page of one) is left out and logged;
 * the scan fails with the provider's error only when every phrase failed. `queries` lists the
 * phrases actually run, i.e. those whose search answered (even with no results).
 */
@Injectable()
export class ScanService {
  private readonly logger = new Logger('Scan');

  constructor(private readonly providers: ProvidersService) {}

  /** `deadline` is the operation's, as OperationRunner set it: the relevance pass plans by it. */
  async run(
    mode: Mode,
    request: ScanRequestDto,
    signal: AbortSignal,
    deadline: WorkContext,
  ): Promise<ScanResponseDto> {
    const { market, reason } = resolveScanMarket(request.market ?? 'auto', request.query);
    const limit = request.limit ?? 20;
    const providers = this.providers.for(mode);

    const plan = await providers.llm.structured(
      promptRequest(SCAN_PLAN_PROMPT, { query: request.query, market }, { validate: validatePlan }),
      { signal },
    );
    deadline.progress?.(0.2);

    const { queries, found } = await this.searchAll(providers, market, plan.phrases, signal);
    deadline.progress?.(0.5);
    let posts = dedupeVideos(found).filter((post) => post.market === market);
    if (market === 'network_b') posts = await this.backfillPlayCounts(providers, posts, signal);
    posts = posts.filter(hasAllCounts);

    deadline.progress?.(0.6);
    const relevance = await this.relevancePass(providers, request.query, posts, signal, deadline);
    deadline.progress?.(0.95);
    const reels = rankReels(posts, relevance, limit, request.sort ?? 'traction');

    this.logger.log(
      {
        market,
        marketReason: reason,
        phrases: plan.phrases.length,
        phrasesRun: queries.length,
        candidates: posts.length,
        delivered: reels.length,
        sort: request.sort ?? 'traction',
        degraded: !relevance,
      },
      'scan done',
    );
    return { market, niche: plan.niche, queries, reels, degraded: relevance === null };
  }

  /**
   * Every phrase, in parallel. A phrase that fails with a provider error is left out; when every
   * phrase failed, the first phrase's error is the scan's (502, 503 or 504 as the adapter
   * classified it). The deadline, or an error that is not a provider's, stops the sibling
   * searches and fails the scan at once.
   */
  private async searchAll(
    providers: ModeProviders,
    market: Market,
    phrases: string[],
    signal: AbortSignal,
  ): Promise<{ queries: string[]; found: Post[] }> {
    const outcomes = await mapLimitSettled(
      phrases,
      SEARCH_CONCURRENCY,
      (phrase, _index, searchSignal) => this.searchPhrase(providers, market, phrase, searchSignal),
      { signal, isFatal: (error) => signal.aborted || !isToleratedSearchError(error) },
    );
    const queries: string[] = [];
    const found: Post[] = [];
    const failures: { phrase: string; error: unknown }[] = [];
    let failedPages = 0;
    outcomes.forEach((outcome, index) => {
      if (outcome.ok) {
        queries.push(phrases[index]);
        found.push(...outcome.value.posts);
        failedPages += outcome.value.failedPages;
      } else {
        failures.push({ phrase: phrases[index], error: outcome.error });
      }
    });
    if (queries.length === 0) throw failures[0].error;
    if (failures.length > 0 || failedPages > 0) {
      this.logger.warn(
        {
          market,
          phrasesFailed: failures.map(({ phrase, error }) => ({ phrase, code: errorCode(error) })),
          phrasesRun: queries.length,
          pagesFailed: failedPages,
        },
        'scan search partly failed; answering with what arrived',
      );
    }
    return { queries, found };
  }

  /**
   * One phrase's pages. The first page is the phrase: its failure fails the phrase. A later
   * page only adds depth, so its failure keeps what arrived (unless the deadline fired).
   */
  private async searchPhrase(
    providers: ModeProviders,
    market: Market,
    phrase: string,
    signal: AbortSignal,
  ): Promise<PhraseSearch> {
    const posts: Post[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < PAGES_PER_PHRASE[market]; page++) {
      let result;
      try {
        result = await providers.videoData.searchVideos(market, phrase, cursor, { signal });
      } catch (error) {
        if (page === 0 || signal.aborted || !isToleratedSearchError(error)) throw error;
        return { posts, failedPages: PAGES_PER_PHRASE[market] - page };
      }
      posts.push(...result.items);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return { posts, failedPages: 0 };
  }

  /** network_b feeds withhold play counts: fetch them; a reel whose count cannot be had is dropped. */
  private async backfillPlayCounts(
    providers: ModeProviders,
    posts: Post[],
    signal: AbortSignal,
  ): Promise<Post[]> {
    if (posts.length === 0) return posts;
    const counts = await providers.videoData.batchPlayCounts(
      posts.map((post) => post.id),
      { signal },
    );
    return posts
      .filter((post) => counts.has(post.id))
      .map((post) => ({ ...post, stats: { ...post.stats, playCount: counts.get(post.id)! } }));
  }

  /**
   * Scores every candidate 0–10 in parallel batches; null when the pass could not run.
   *
   * All or nothing: one batch failing (an error, a timeout, or an answer that still skips ids
   * after the adapter's retry) makes the whole pass fail, its sibling batches are aborted, and
   * the scan answers degraded: every candidate in traction order, every `relevance` null. Mixing
   * scored reels with unscored ones would break what `degraded` promises (SPEC: "each relevance
   * is then null") and would either drop the unscored reels unjudged or rank them unfiltered.
   *
   * The pass ends before the scan's deadline (see `relevanceBudgetMs`); only the deadline itself
   * firing (clock trouble) still ends the scan with 504.
   */
  private async relevancePass(
    providers: ModeProviders,
    query: string,
    posts: Post[],
    signal: AbortSignal,
    deadline: WorkContext,
  ): Promise<Map<string, Relevance> | null> {
    if (posts.length === 0) return new Map();
    const budgetMs = relevanceBudgetMs(deadline.deadlineAt - Date.now(), deadline.deadlineMs);
    if (budgetMs <= 0) {
      this.logger.warn(
        { candidates: posts.length },
        'no time left for the relevance pass; degraded',
      );
      return null;
    }
    const size = Math.min(
      RELEVANCE_BATCH_MAX,
      Math.max(RELEVANCE_BATCH_MIN, Math.ceil(posts.length / RELEVANCE_CONCURRENCY)),
    );
    const batches: Post[][] = [];
    for (let i = 0; i < posts.length; i += size) batches.push(posts.slice(i, i + size));
    return withTimeoutSignal(budgetMs, async (timedOut) => {
      try {
        const answers = await this.scoreBatches(
          providers,
          query,
          batches,
          anySignal([signal, timedOut]),
        );
        return new Map(answers.flatMap((answer) => [...answer]));
      } catch (error) {
        if (signal.aborted) throw error; // the whole scan's deadline: 504, not degraded
        this.logger.warn(
          { err: error, budgetMs, timedOut: timedOut.aborted },
          'relevance pass failed; answering degraded (traction order)',
        );
        return null;
      }
    });
  }

  /** Scores every batch, side by side; the first failure aborts the others and rejects. */
  private scoreBatches(
    providers: ModeProviders,
    query: string,
    batches: Post[][],
    signal: AbortSignal,
  ): Promise<Map<string, Relevance>[]> {
    return mapLimit(
      batches,
      RELEVANCE_CONCURRENCY,
      (batch, _index, batchSignal) => {
        const reels = batch.map((post) => ({
          id: post.namespacedId,
          caption: post.caption,
          hashtags: post.hashtags,
          authorHandle: post.authorHandle,
        }));
        return providers.llm.structured(
          promptRequest(
            SCAN_RELEVANCE_PROMPT,
            { query, reels },
            { validate: validateRelevance(new Set(reels.map((r) => r.id))) },
          ),
          { signal: batchSignal },
        );
      },
      { signal },
    );
  }
}

/** A provider's own failure (502/503/504), which one phrase or page may have. */
function isToleratedSearchError(error: unknown): boolean {
  return error instanceof DomainError && TOLERATED_SEARCH_ERRORS.has(error.code);
}

function errorCode(error: unknown): string {
  return error instanceof DomainError ? error.code : 'internal_error';
}

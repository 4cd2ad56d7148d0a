import { outlierScore, type ScanSort } from '@reelscout/domain';
import type { Post } from '../providers/provider.types';
import type { ScanReelDto } from './dto/scan.dto';

/** Relevance scores at or above this keep a reel in the results (compared unrounded). */
export const RELEVANCE_THRESHOLD = 6;

/** One reel's relevance as the model gave it: `score` is kept unrounded until output. */
export interface Relevance {
  score: number;
  reason: string;
}

/** First occurrence wins; non-video posts (photos, slides, notes) are dropped. */
export function dedupeVideos(posts: Post[]): Post[] {
  const seen = new Set<string>();
  const out: Post[] = [];
  for (const post of posts) {
    if (post.kind !== 'video' || seen.has(post.namespacedId)) continue;
    seen.add(post.namespacedId);
    out.push(post);
  }
  return out;
}

/** Every count a scan reel reports is real: reels whose counts were withheld are left out. */
export function hasAllCounts(post: Post): boolean {
  const s = post.stats;
  return (
    s.playCount !== null && s.likeCount !== null && s.commentCount !== null && s.shareCount !== null
  );
}

/** By play count, ties by likes, then by id for a stable order. */
export function byTraction(a: Post, b: Post): number {
  return (
    (b.stats.playCount ?? 0) - (a.stats.playCount ?? 0) ||
    (b.stats.likeCount ?? 0) - (a.stats.likeCount ?? 0) ||
    a.namespacedId.localeCompare(b.namespacedId)
  );
}

/**
 * The delivered reels: with a relevance map, only reels scoring at least `RELEVANCE_THRESHOLD`
 * (the raw score: 5.95 is below 6 even though it prints as 6.0); without one (`null`, the
 * degraded path) every candidate. Then in `sort` order (see `scanOrder`), the first `limit`.
 * The order applies before the cut so `outlier` can surface reels play count would leave out.
 */
export function rankReels(
  posts: readonly Post[],
  relevance: ReadonlyMap<string, Relevance> | null,
  limit: number,
  sort: ScanSort = 'traction',
): ScanReelDto[] {
  const kept = relevance
    ? posts.filter((post) => (relevance.get(post.namespacedId)?.score ?? -1) >= RELEVANCE_THRESHOLD)
    : [...posts];
  return scanOrder(
    kept.map((post) => ({
      post,
      reel: toScanReel(post, relevance?.get(post.namespacedId) ?? null),
    })),
    relevance,
    sort,
  )
    .slice(0, limit)
    .map(({ reel }) => reel);
}

interface Ranked {
  post: Post;
  reel: ScanReelDto;
}

/**
 * `traction`: plays, likes, id. `outlier`: the delivered (rounded) score, highest first, reels
 * without one last. `relevance`: the raw relevance score, highest first (without a relevance map
 * this is traction order). Ties always fall back to traction order, which ends on the id, so
 * the same candidates always come out in the same order.
 */
function scanOrder(
  ranked: Ranked[],
  relevance: ReadonlyMap<string, Relevance> | null,
  sort: ScanSort,
): Ranked[] {
  const traction = (a: Ranked, b: Ranked) => byTraction(a.post, b.post);
  if (sort === 'outlier') {
    const score = (r: Ranked) => r.reel.outlier?.score ?? Number.NEGATIVE_INFINITY;
    return ranked.sort((a, b) => compareDesc(score(a), score(b)) || traction(a, b));
  }
  if (sort === 'relevance' && relevance) {
    const score = (r: Ranked) => relevance.get(r.post.namespacedId)?.score ?? -1;
    return ranked.sort((a, b) => compareDesc(score(a), score(b)) || traction(a, b));
  }
  return ranked.sort(traction);
}

/** Descending, and safe for -Infinity on both sides (their difference would be NaN). */
function compareDesc(a: number, b: number): number {
  return a === b ? 0 : a > b ? -1 : 1;
}

/**
 * The response shape of a reel; the relevance score is rounded to 0.1 here, for output only.
 * The outlier score comes from the counts the reel already carries: no provider call.
 */
export function toScanReel(post: Post, relevance: Relevance | null): ScanReelDto {
  return {
    id: post.namespacedId,
    url: post.url,
    coverUrl: post.coverUrl,
    authorHandle: post.authorHandle,
    authorName: post.authorName,
    authorFollowers: post.authorFollowers,
    caption: post.caption,
    playCount: post.stats.playCount ?? 0,
    likeCount: post.stats.likeCount ?? 0,
    commentCount: post.stats.commentCount ?? 0,
    shareCount: post.stats.shareCount ?? 0,
    durationSec: post.durationSec,
    postedAt: post.postedAt,
    relevance: relevance && {
      score: Math.round(relevance.score * 10) / 10,
      reason: relevance.reason,
    },
    outlier: outlierScore(post.stats.playCount, post.authorFollowers),
  };
}

/**
 * Checks one relevance answer: a score 0–10 with a reason for **every** reel we asked about.
 * Ids we did not ask about are ignored. An answer that skips an id is invalid (it throws), so the
 * LLM adapter asks once more; a batch still incomplete after that fails the relevance pass (see
 * `ScanService`), instead of its skipped reels silently disappearing from the results.
 */
export function validateRelevance(askedIds: Set<string>) {
  return (value: unknown): Map<string, Relevance> => {
    const scores = (value as { scores?: unknown })?.scores;
    if (!Array.isArray(scores)) throw new Error('scores missing');
    const out = new Map<string, Relevance>();
    for (const entry of scores) {
      const { id, score, reason } = (entry ?? {}) as {
        id?: unknown;
        score?: unknown;
        reason?: unknown;
      };
      if (typeof id !== 'string' || !askedIds.has(id)) continue;
      if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 10)
        throw new Error('bad score');
      if (typeof reason !== 'string' || reason.trim() === '') throw new Error('reason missing');
      out.set(id, { score, reason: reason.trim().slice(0, 300) });
    }
    const missing = [...askedIds].filter((id) => !out.has(id));
    if (missing.length > 0) {
      throw new Error(`${missing.length} of ${askedIds.size} reels not scored`);
    }
    return out;
  };
}

/** Checks the search plan: a niche label and 3–6 distinct phrases. */
export function validatePlan(value: unknown): { niche: string; phrases: string[] } {
  const v = value as { niche?: unknown; phrases?: unknown };
  if (typeof v?.niche !== 'string' || v.niche.trim() === '') throw new Error('niche missing');
  if (!Array.isArray(v.phrases)) throw new Error('phrases missing');
  const phrases = [
    ...new Set(
      v.phrases
        .filter((p): p is string => typeof p === 'string')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ]
    .map((p) => p.slice(0, 120))
    .slice(0, 6);
  if (phrases.length < 3) throw new Error('fewer than 3 phrases');
  return { niche: v.niche.trim().slice(0, 120), phrases };
}

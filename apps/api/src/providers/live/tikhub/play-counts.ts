import { toDomainError, ProviderCallError } from '../../http/provider-call.error';
import type { CallOptions } from '../../provider.types';
import { PLAY_COUNT_BATCH_SIZE } from '../../video-data.provider';
import { ENDPOINTS } from '../tikhub-endpoints';
import { abortedError, riskControl, WHAT, type TikhubClient } from './client';
import { isRiskControl, payloadOf, readPlayCounts } from './mappers';

/** A failing play-count batch is halved at most this often (50 → 25 → 13). */
const PLAY_COUNT_MAX_SPLITS = 2;

/**
 * network_b's real play counts: its feeds and searches carry none, so they come from the batch
 * statistics endpoint, in parallel batches.
 */
export class TikhubPlayCounts {
  constructor(private readonly client: TikhubClient) {}

  async batchPlayCounts(
    ids: readonly string[],
    options: CallOptions = {},
  ): Promise<Map<string, number>> {
    const unique = [...new Set(ids.map((id) => id.replace(/^network_b:/, '')))];
    const counts = new Map<string, number>();
    if (unique.length === 0) return counts;
    const batches: string[][] = [];
    for (let i = 0; i < unique.length; i += PLAY_COUNT_BATCH_SIZE) {
      batches.push(unique.slice(i, i + PLAY_COUNT_BATCH_SIZE));
    }
    const tally = { unknown: 0, splits: 0 };
    await Promise.all(
      batches.map((batch) => this.playCountsOf(batch, counts, tally, 0, options.signal)),
    );
    if (options.signal?.aborted) throw toDomainError(abortedError(options.signal), WHAT);
    if (tally.unknown > 0) {
      this.client.logger.warn(
        `play counts: ${tally.unknown} of ${unique.length} post(s) left without a count after ` +
          `retries and ${tally.splits} split(s); they are skipped, never given an invented count`,
      );
    }
    return counts;
  }

  /**
   * One batch of play counts into `counts`. A batch that still fails after the client's retries
   * is split in two and each half asked again (a bad id or an oversized answer can sink a whole
   * batch), down to `PLAY_COUNT_MAX_SPLITS` levels; what stays unanswered is left unknown.
   * A rejected key or the caller's deadline ends it at once.
   */
  private async playCountsOf(
    batch: string[],
    counts: Map<string, number>,
    tally: { unknown: number; splits: number },
    depth: number,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    try {
      const body = await this.client.call(ENDPOINTS.networkBStatistics, {
        query: { aweme_ids: batch.join(',') },
        signal,
        check: (answer) => {
          if (isRiskControl('network_b', payloadOf(answer))) throw riskControl();
        },
      });
      const answered = readPlayCounts(payloadOf(body));
      for (const id of batch) {
        const plays = answered.get(id);
        if (plays === undefined) tally.unknown += 1;
        else counts.set(id, plays);
      }
    } catch (error) {
      const fatal =
        !(error instanceof ProviderCallError) ||
        error.kind === 'aborted' ||
        error.kind === 'circuit_open' ||
        error.isCredentialFailure;
      if (fatal || signal?.aborted || batch.length < 2 || depth >= PLAY_COUNT_MAX_SPLITS) {
        tally.unknown += batch.length;
        return;
      }
      tally.splits += 1;
      const half = Math.ceil(batch.length / 2);
      await Promise.all([
        this.playCountsOf(batch.slice(0, half), counts, tally, depth + 1, signal),
        this.playCountsOf(batch.slice(half), counts, tally, depth + 1, signal),
      ]);
    }
  }
}

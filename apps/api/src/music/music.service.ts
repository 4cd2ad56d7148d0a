import { setMaxListeners } from 'node:events';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, type Market, type Mode } from '@reelscout/domain';
import { mapLimit } from '../common/async/map-limit';
import { AudioAnalyzer } from '../media-analysis/audio-analyzer';
import type { AudioFeatures } from '../media-analysis/audio-features';
import { abortReason } from '../common/async/abort';
import { VideoAnalyzer } from '../media-analysis/video-analyzer';
import type { CallOptions, Post, SoundChartEntry } from '../providers/provider.types';
import { trendEntryOfSound } from '../providers/trend-chart';
import { TrendHistoryService, type SoundStage } from '../trend-history/trend-history.service';
import { ProvidersService, type ModeProviders } from '../providers/providers.service';
import { VideoSourceService } from '../video-source/video-source.service';
import type { MusicRequestDto, MusicResponseDto } from './dto/music.dto';
import {
  assemblePool,
  fromChartEntry,
  fromSound,
  fromSummary,
  mergeSound,
  needsDetails,
  nichePhrases,
  searchPhrases,
  soundsOfSimilarVideos,
  type Candidate,
  type PoolEntry,
  type PoolLists,
} from './music.pool';
import { rankSuggestions } from './music.ranking';
import { cutRhythm, isVoiceLed, type VideoProfile } from './music.scoring';
import { musicConfig } from '../config';
import type { MusicSettings } from './music.settings';
import { buildSuggestion } from './music.suggestion';
import type { SoundTrend } from './music.trend';
import { runNotes } from './music.warnings';
import { SoundAnalysisService } from './sound-analysis.service';

/** Seconds of the video that are watched (cuts) and listened to (its own audio). */
const VIDEO_WATCH_SECONDS = 120;
const VIDEO_LISTEN_SECONDS = 60;
/** Provider calls of the pool (searches, charts, sound details) in flight at once per call. */
const POOL_CONCURRENCY = 6;
/** Listeners one call's signal may carry (a few per candidate sound) before Node warns. */
const SIGNAL_LISTENERS = 500;

interface Pool {
  candidates: Candidate[];
  failedSources: string[];
}

interface VideoSide {
  profile: VideoProfile;
  hasAudio: boolean;
}

/**
 * music (docs/architecture.md §9): resolve the link → the video's cut rhythm and audio reading, in
 * parallel with the candidate pool (the video's own sound, sounds of similar videos and sound
 * search by phrases from its caption, hashtags and niche, the market's rising and popular
 * charts; `requireCommercial` keeps commercial-library tracks) → each candidate's audio reading,
 * from the permanent cache or analyzed now (every reading failing is a 502) → fit, trend, final
 * score, warnings → best first, `limit`.
 */
@Injectable()
export class MusicService {
  private readonly logger = new Logger('Music');

  constructor(
    private readonly videoSource: VideoSourceService,
    private readonly providers: ProvidersService,
    private readonly videoAnalyzer: VideoAnalyzer,
    private readonly audioAnalyzer: AudioAnalyzer,
    private readonly sounds: SoundAnalysisService,
    @Inject(musicConfig.KEY) private readonly settings: MusicSettings,
    private readonly history: TrendHistoryService,
  ) {}

  async run(
    mode: Mode,
    request: MusicRequestDto,
    signal: AbortSignal,
    progress: (fraction: number) => void = () => undefined,
  ): Promise<MusicResponseDto> {
    const limit = request.limit ?? 10;
    const requireCommercial = request.requireCommercial ?? false;
    const { ref, post } = await this.videoSource.find(mode, request.url, signal);
    progress(0.1);
    const market = ref.market;
    const providers = this.providers.for(mode);

    const [video, { pool, analysis }] = await allOrAbort(signal, [
      (inner) => this.watchVideo(mode, post, inner),
      async (inner) => {
        const pool = await this.buildPool(
          providers,
          market,
          post,
          requireCommercial,
          inner,
          (entries) => this.recordCharts(mode, market, entries),
        );
        const analysis = await this.sounds.featuresFor(
          mode,
          pool.candidates.map((c) => ({ namespacedId: c.namespacedId, playUrl: c.playUrl })),
          inner,
        );
        return { pool, analysis };
      },
    ] as const);
    progress(0.9);

    const scored = pool.candidates.flatMap((candidate) => {
      const features = analysis.features.get(candidate.namespacedId);
      return features ? [buildSuggestion(candidate, features, video.profile)] : [];
    });
    // Sounds were found but every one we tried to read failed (none cached, none read now): the
    // provider's audio is unreachable (its CDN down, every preview gone). That is a provider
    // failure, not "no usable sound": 502, and nothing is charged. Some failing is only a note.
    if (scored.length === 0 && analysis.failed.length > 0) {
      this.logger.warn(
        { market, candidates: pool.candidates.length, failed: analysis.failed.length },
        'every sound analysis failed',
      );
      throw new DomainError(
        'provider_error',
        `The audio of the candidate sounds could not be fetched: all ${analysis.failed.length} ` +
          `sound${analysis.failed.length === 1 ? '' : 's'} with a preview failed to download or ` +
          'analyze. Nothing was charged; try again later.',
      );
    }
    const suggestions = await this.withStages(mode, market, rankSuggestions(scored, limit));
    const notes = runNotes({
      market,
      considered: scored.length,
      maxCandidates: this.settings.maxCandidates,
      requireCommercial,
      fromCache: analysis.fromCache,
      analyzedNow: analysis.analyzedNow,
      failedAnalyses: analysis.failed.length,
      withoutPreview: analysis.withoutPreview.length,
      failedSources: pool.failedSources,
      videoHasAudio: video.hasAudio,
      voiceLed: isVoiceLed(video.profile),
    });

    this.logger.log(
      {
        market,
        candidates: pool.candidates.length,
        considered: scored.length,
        delivered: suggestions.length,
        fromCache: analysis.fromCache,
        analyzedNow: analysis.analyzedNow,
        failed: analysis.failed.length,
      },
      'music done',
    );
    return {
      market,
      video: {
        id: post.namespacedId,
        url: post.url,
        durationSec: post.durationSec ?? Math.round(video.profile.durationSec * 10) / 10,
      },
      suggestions,
      considered: scored.length,
      notes,
    };
  }

  /**
   * The chart entries the pool read, into the trend history (docs/trends.md): live only (the
   * sandbox's trend charts are the test store's own), and never at the cost of the call.
   */
  private async recordCharts(
    mode: Mode,
    market: Market,
    entries: SoundChartEntry[],
  ): Promise<void> {
    if (mode !== 'live' || entries.length === 0) return;
    await this.history
      .record(
        { mode, market, kind: 'sounds' },
        entries.map((entry) => trendEntryOfSound(market, entry)),
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'chart not recorded'));
  }

  /** Each suggestion's `trend.stage` where the sound has history in the store (docs/trends.md). */
  private async withStages<T extends { soundId: string; trend: SoundTrend }>(
    mode: Mode,
    market: Market,
    suggestions: T[],
  ): Promise<T[]> {
    if (suggestions.length === 0) return suggestions;
    const stages = await this.history
      .soundStages(
        mode,
        market,
        suggestions.map((suggestion) => suggestion.soundId),
      )
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'trend stages not read');
        return new Map<string, SoundStage>();
      });
    return suggestions.map((suggestion) => {
      const stage = stages.get(suggestion.soundId)?.stage;
      return stage ? { ...suggestion, trend: { ...suggestion.trend, stage } } : suggestion;
    });
  }

  /** Cuts (scene detection) and the reading of the video's own audio, on the downloaded file. */
  private watchVideo(mode: Mode, post: Post, signal: AbortSignal): Promise<VideoSide> {
    return this.videoSource.withVideoFile(mode, post, signal, async (path) => {
      const [visual, audio] = await allOrAbort(signal, [
        (inner) =>
          this.videoAnalyzer.analyze(path, {
            maxSeconds: VIDEO_WATCH_SECONDS,
            maxKeyFrames: 0,
            extractAudio: false,
            signal: inner,
          }),
        // A video without (readable) audio is matched on its pace alone.
        (inner) =>
          this.audioAnalyzer
            .analyze(path, { maxSeconds: VIDEO_LISTEN_SECONDS, signal: inner })
            .catch((error: unknown): AudioFeatures | null => {
              if (inner.aborted) throw error;
              return null;
            }),
      ] as const);
      return {
        hasAudio: visual.hasAudio && audio !== null,
        profile: {
          durationSec: visual.durationSec,
          cuts: visual.cuts.length,
          cutsPerMinute: cutRhythm(visual.cuts),
          audio:
            visual.hasAudio && audio
              ? {
                  tempoBpm: audio.tempoBpm,
                  energy: audio.energy,
                  valence: audio.valence,
                  arousal: audio.arousal,
                  mood: audio.mood,
                }
              : null,
          speechShare: visual.audio?.speechShare ?? null,
        },
      };
    });
  }

  /**
   * Gathers every source at once; a failing source is noted and the others used, unless all
   * fail (then the first failure is the answer: 502/503/504). Sounds missing details (usable
   * length, usage, preview, library status) are completed from the sound's detail.
   */
  private async buildPool(
    providers: ModeProviders,
    market: Market,
    post: Post,
    requireCommercial: boolean,
    signal: AbortSignal,
    recordChart: (entries: SoundChartEntry[]) => Promise<void>,
  ): Promise<Pool> {
    const data = providers.videoData;
    // Every call of the pool names the video it is for (`CallOptions.forVideo`): the sandbox's
    // no-sound magic video gets nothing from it; live adapters read only the signal.
    const call: CallOptions = { signal, forVideo: post.namespacedId };
    const phrases = searchPhrases(post.caption, post.hashtags);
    // Similar videos: found by the caption and hashtag phrases; then the niche those videos share
    // (`nichePhrases`) is searched too, for videos and for sounds. Searching the niche is a
    // bonus: when it fails, what the first phrases found stands.
    const firstVideos = mapLimit(phrases, POOL_CONCURRENCY, (phrase) =>
      data.searchVideos(market, phrase, null, call),
    ).then((pages) => pages.flatMap((page) => page.items));
    const niche = firstVideos.then(
      (posts) => nichePhrases(posts, post.namespacedId, phrases),
      () => [] as string[],
    );
    const searchNiche = async <T>(label: string, search: (phrase: string) => Promise<T>) => {
      const phrasesOfNiche = await niche;
      return mapLimit(phrasesOfNiche, POOL_CONCURRENCY, search).catch((error: unknown) => {
        if (signal.aborted) throw error;
        this.logger.warn({ err: error, niche: phrasesOfNiche }, `the niche ${label} failed`);
        return [] as T[];
      });
    };
    const sources: Record<keyof PoolLists, { label: string; load: () => Promise<PoolEntry[]> }> = {
      video: {
        label: "video's own sound",
        load: async () => {
          if (!post.sound) return [];
          const summary = fromSummary(post.sound);
          // The post's own sound summary may already carry its audio and library status.
          if (!needsDetails(summary)) return [{ sound: summary }];
          const detail = await data
            .getSound(market, post.sound.namespacedId, call)
            .catch((error: unknown) => {
              if (signal.aborted) throw error;
              return null;
            });
          return [{ sound: detail ? mergeSound(fromSound(detail), summary) : summary }];
        },
      },
      similar_videos: {
        label: 'search for similar videos',
        load: async () => {
          const found = await firstVideos;
          const more = await searchNiche('video search', (phrase) =>
            data.searchVideos(market, phrase, null, call),
          );
          return soundsOfSimilarVideos(
            [...found, ...more.flatMap((page) => page.items)],
            post.namespacedId,
          );
        },
      },
      sound_search: {
        label: 'sound search',
        load: async () => {
          const [found, more] = await Promise.all([
            mapLimit(phrases, POOL_CONCURRENCY, (phrase) =>
              data.searchSounds(market, phrase, call),
            ),
            searchNiche('sound search', (phrase) => data.searchSounds(market, phrase, call)),
          ]);
          return interleave([...found, ...more]).map((sound) => ({ sound: fromSound(sound) }));
        },
      },
      chart_rising: {
        label: 'rising chart',
        load: async () => {
          const entries = await data.soundCharts(
            market,
            { kind: 'rising', commercialOnly: requireCommercial },
            call,
          );
          await recordChart(entries);
          return entries.map((entry) => fromChartEntry(entry, 'rising'));
        },
      },
      chart_popular: {
        label: 'popular chart',
        load: async () => {
          const entries = await data.soundCharts(
            market,
            { kind: 'popular', commercialOnly: requireCommercial },
            call,
          );
          await recordChart(entries);
          return entries.map((entry) => fromChartEntry(entry, 'popular'));
        },
      },
    };

    const names = Object.keys(sources) as (keyof PoolLists)[];
    const settled = await Promise.allSettled(names.map((name) => sources[name].load()));
    if (signal.aborted) throw abortReason(signal);
    const lists = {} as PoolLists;
    const failedSources: string[] = [];
    const failures: unknown[] = [];
    settled.forEach((result, index) => {
      const name = names[index];
      lists[name] = result.status === 'fulfilled' ? result.value : [];
      if (result.status === 'rejected') {
        failures.push(result.reason);
        failedSources.push(sources[name].label);
        this.logger.warn({ err: result.reason, source: name }, 'a sound source failed');
      }
    });
    // The video's own sound never fails (its summary stands in); every other source failing
    // means the provider is down: that is the answer, not an empty pool.
    if (failures.length > 0 && failures.length >= names.length - 1) throw failures[0];

    const pool = assemblePool(lists, {
      market,
      max: this.settings.maxCandidates,
      requireCommercial,
    });
    const completed = await mapLimit(pool, POOL_CONCURRENCY, async (candidate) => {
      if (!needsDetails(candidate)) return candidate;
      const detail = await data
        .getSound(market, candidate.namespacedId, call)
        .catch((error: unknown) => {
          if (signal.aborted) throw error;
          return null; // keep what is known; a sound without a preview is left out later
        });
      return detail ? { ...candidate, ...mergeSound(candidate, fromSound(detail)) } : candidate;
    });
    return {
      candidates: requireCommercial
        ? completed.filter((candidate) => candidate.commercial === true)
        : completed,
      failedSources,
    };
  }
}

/** Several ranked lists as one: first of each, then second of each, … (duplicates kept once). */
function interleave<T extends { namespacedId: string }>(lists: readonly T[][]): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) {
      const item = list[index];
      if (item && !seen.has(item.namespacedId)) {
        seen.add(item.namespacedId);
        out.push(item);
      }
    }
  }
  return out;
}

type Tasks = readonly ((signal: AbortSignal) => Promise<unknown>)[];
type Results<T extends Tasks> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs tasks side by side on a signal linked to `signal`; when one fails, the others are
 * aborted and awaited before the failure propagates (no ffmpeg process or download outlives it).
 */
export async function allOrAbort<T extends Tasks>(
  signal: AbortSignal,
  tasks: T,
): Promise<Results<T>> {
  const inner = new AbortController();
  // Every download, ffmpeg job and shared sound analysis listens to this one signal.
  setMaxListeners(SIGNAL_LISTENERS, inner.signal);
  const onAbort = () => inner.abort(abortReason(signal));
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) onAbort();
  const running = tasks.map((task) => task(inner.signal));
  try {
    return (await Promise.all(running)) as Results<T>;
  } catch (error) {
    inner.abort(error);
    await Promise.allSettled(running);
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

import { rm } from 'node:fs/promises';
import { Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  dominantScript,
  resolveLanguage,
  scriptEvidence,
  type Language,
  type Mode,
} from '@reelscout/domain';
import { FfmpegRunner } from '../media-analysis/ffmpeg.runner';
import type { MediaProbe } from '../media-analysis/ffmpeg-output.parser';
import { OverlayTextService, type KnownOverlay } from '../media-analysis/overlay-candidates';
import { VideoAnalyzer, type VideoAnalysis } from '../media-analysis/video-analyzer';
import {
  promptRequest,
  ProvidersService,
  sandboxCatalogue,
  type ModeProviders,
  type Post,
  type TimedText,
} from '../providers';
import { VideoSourceService } from '../video-source/video-source.service';
import { deepToLanguageScript, isChineseTag } from './chinese-script';
import {
  PlaybookDocumentError,
  validatePlaybookDocument,
  type PlaybookDocument,
  type PlaybookOverlaySource,
  type TranscriptSource,
} from './playbook.document';
import { PLAYBOOK_DOCUMENT_PROMPT, type PlaybookPromptInput } from './playbook.prompt';
import { anchorPlaybook, clipToSpan, type MeasuredVideo } from './playbook-timing';
import {
  PLAYBOOK_MAX_SECONDS,
  type PlaybookRequestDto,
  type PlaybookResponseDto,
} from './dto/playbook.dto';
import { SpeechAudioExtractor } from './speech-audio.extractor';

/** Key frames sent to the model: one per scene, spread over the video when there are more. */
export const PLAYBOOK_KEY_FRAMES = 12;

interface Transcript {
  source: TranscriptSource;
  language: string | null;
  segments: TimedText[];
}

/** What watching the video produced (the video file itself is gone by then). */
interface Watched {
  analysis: Omit<VideoAnalysis, 'audioFile'>;
  transcript: Transcript;
  overlays: MeasuredVideo['overlays'];
}

/**
 * playbook (docs/architecture.md §9): resolve the link → the post (404 when missing or not a video)
 * → download → watch the first 120 s (scene cuts, key frames, loudness; in parallel the transcript:
 * the platform's caption track, or transcription of the extracted audio) → one multimodal LLM call
 * for the version-2 document → our validation (one retry, then 502) → timings anchored to what we
 * measured → the requested language's script → 200.
 */
@Injectable()
export class PlaybookService {
  private readonly logger = new Logger('Playbook');

  constructor(
    private readonly source: VideoSourceService,
    private readonly providers: ProvidersService,
    private readonly ffmpeg: FfmpegRunner,
    private readonly analyzer: VideoAnalyzer,
    private readonly overlayText: OverlayTextService,
    private readonly speech: SpeechAudioExtractor,
  ) {}

  async run(
    mode: Mode,
    request: PlaybookRequestDto,
    signal: AbortSignal,
    progress: (fraction: number) => void = () => undefined,
  ): Promise<PlaybookResponseDto> {
    const startedAt = Date.now();
    const { post } = await this.source.find(mode, request.url, signal);
    progress(0.1);
    const language = resolveLanguage(request.language, post.market);
    const providers = this.providers.for(mode);

    const watched = await this.source.withVideoFile(mode, post, signal, (path) =>
      this.watch(mode, providers, post, path, signal),
    );
    const mediaDoneAt = Date.now();
    progress(0.6);
    const { analysis, transcript, overlays } = watched;
    const analyzedSeconds = analysis.analyzedSeconds;

    const facts: PlaybookPromptInput = {
      language,
      analyzedSeconds,
      durationSec: analysis.durationSec,
      clipped: analysis.clipped,
      scenes: analysis.scenes,
      cutsPerMinute: analysis.cutsPerMinute,
      transcript: transcript.segments,
      transcriptSource: transcript.source,
      transcriptLanguage: transcript.language,
      overlays: overlays.map(({ start, end, text, source }) => ({
        start,
        end,
        text,
        source: source === 'key_frame' ? undefined : source,
      })),
      keyFrames: analysis.keyFrames.map(({ t, sceneIndex }) => ({ t, sceneIndex })),
      audio: analysis.audio
        ? { loudnessLufs: analysis.audio.loudnessLufs, speechShare: analysis.audio.speechShare }
        : null,
      caption: post.caption,
      hashtags: post.hashtags,
      authorHandle: post.authorHandle,
      platform: post.platform,
      market: post.market,
    };
    const answer = await providers.llm.structured(
      promptRequest(PLAYBOOK_DOCUMENT_PROMPT, facts, {
        images: analysis.keyFrames.map((frame) => frame.jpegDataUrl),
        validate: (value) => validatePlaybookDocument(value, { analyzedSeconds }),
      }),
      { signal },
    );

    const playbook = this.finish(answer, watched, language);
    this.logger.log(
      {
        reel: post.namespacedId,
        language,
        analyzedSeconds,
        clipped: analysis.clipped,
        scenes: playbook.scenes.length,
        keyFrames: analysis.keyFrames.length,
        transcript: transcript.source,
        mediaMs: mediaDoneAt - startedAt,
        llmMs: Date.now() - mediaDoneAt,
      },
      'playbook done',
    );
    return {
      reel: {
        id: post.namespacedId,
        url: post.url,
        market: post.market,
        authorHandle: post.authorHandle,
        caption: post.caption,
        durationSec: post.durationSec ?? analysis.durationSec,
      },
      language,
      analyzedSeconds,
      playbook,
    };
  }

  /**
   * The media half, on the downloaded file: the analysis and the transcript run concurrently.
   * If either fails, the other is stopped and awaited, so no ffmpeg process, transcription or
   * temp file outlives the call.
   */
  private async watch(
    mode: Mode,
    providers: ModeProviders,
    post: Post,
    path: string,
    signal: AbortSignal,
  ): Promise<Watched> {
    const probe = await this.ffmpeg.probe(path, { signal });
    const inner = new AbortController();
    const onAbort = () => inner.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const analysisTask = this.analyzer
        .analyze(path, {
          maxSeconds: PLAYBOOK_MAX_SECONDS,
          maxKeyFrames: PLAYBOOK_KEY_FRAMES,
          extractAudio: false,
          signal: inner.signal,
        })
        .then(async ({ audioFile, ...analysis }) => {
          if (audioFile) await rm(audioFile, { force: true });
          return analysis;
        });
      const transcriptTask = this.transcript(providers, post, path, probe, inner.signal);
      const tasks = [analysisTask, transcriptTask] as const;
      const [analysis, transcript] = await Promise.all(tasks).catch(async (error: unknown) => {
        inner.abort(error);
        await Promise.allSettled(tasks);
        throw error;
      });
      if (analysis.analyzedSeconds <= 0 || analysis.scenes.length === 0) {
        throw new DomainError('provider_error', 'The video file has no playable frames.');
      }
      const known = await this.overlayText.candidates({
        analyzedSeconds: analysis.analyzedSeconds,
        known: knownOverlays(mode, post),
        source: mode === 'test' ? 'sandbox_spec' : 'platform_metadata',
        keyFrames: analysis.keyFrames,
        signal,
      });
      return {
        analysis,
        transcript: {
          ...transcript,
          segments: clipToSpan(transcript.segments, analysis.analyzedSeconds),
        },
        overlays: known.map(({ start, end, text, source }) => ({
          start,
          end,
          text,
          source: (source === 'ocr' ? 'key_frame' : source) as PlaybookOverlaySource,
        })),
      };
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** The platform's caption track when it has lines; otherwise transcription of the audio. */
  private async transcript(
    providers: ModeProviders,
    post: Post,
    path: string,
    probe: Pick<MediaProbe, 'hasAudio' | 'audioCodec'>,
    signal: AbortSignal,
  ): Promise<Transcript> {
    const captions = post.captions;
    if (captions?.segments && captions.segments.length > 0) {
      return {
        source: 'platform_captions',
        language: captions.language,
        segments: captions.segments,
      };
    }
    if (!probe.hasAudio) return { source: 'none', language: null, segments: [] };
    const audio = await this.speech.extract(path, PLAYBOOK_MAX_SECONDS, {
      audioCodec: probe.audioCodec,
      signal,
    });
    try {
      const segments = await providers.llm.transcribe(audio, {
        language: post.market === 'network_b' ? 'zh' : undefined,
        signal,
      });
      return { source: 'transcription', language: spokenLanguage(segments), segments };
    } finally {
      await rm(audio, { force: true });
    }
  }

  /** Anchors the model's document to our measurements, in the language's script, checked again. */
  private finish(answer: PlaybookDocument, watched: Watched, language: Language): PlaybookDocument {
    const { analysis, transcript, overlays } = watched;
    const anchored = anchorPlaybook(
      answer,
      {
        analyzedSeconds: analysis.analyzedSeconds,
        durationSec: analysis.durationSec,
        clipped: analysis.clipped,
        scenes: analysis.scenes,
        cutsPerMinute: analysis.cutsPerMinute,
        transcript,
        overlays,
      },
      language,
    );
    const written = deepToLanguageScript(anchored, language);
    if (language !== 'en' && isChineseTag(written.transcript.language)) {
      written.transcript.language = language;
    }
    try {
      return validatePlaybookDocument(written, { analyzedSeconds: analysis.analyzedSeconds });
    } catch (error) {
      if (!(error instanceof PlaybookDocumentError)) throw error;
      this.logger.error({ err: error }, 'an anchored playbook failed our own validation');
      throw new DomainError('internal_error', 'The playbook could not be assembled.', {
        cause: error,
      });
    }
  }
}

/**
 * On-screen text we know without reading pixels (there is no OCR): in test mode the sandbox
 * video's spec (what its frames show); live providers carry no overlay metadata today, so live
 * videos have none and the model's key-frame readings are all there is.
 */
function knownOverlays(mode: Mode, post: Post): KnownOverlay[] {
  if (mode !== 'test') return [];
  const catalogue = sandboxCatalogue();
  const reel =
    post.platform === 'instagram' || post.platform === 'youtube'
      ? catalogue.foreignReel(post.namespacedId)
      : catalogue.reel(post.market, post.id);
  return (reel?.spec.overlays ?? []).map(({ start, end, text }) => ({ start, end, text }));
}

/** `zh-Hans` / `zh-Hant` / `zh` for Chinese speech (by its characters); otherwise unknown. */
function spokenLanguage(segments: TimedText[]): string | null {
  const evidence = scriptEvidence(segments.map((segment) => segment.text).join(''));
  if (evidence.han === 0 || evidence.japanese) return null;
  const script = dominantScript(evidence);
  return script === 'simplified' ? 'zh-Hans' : script === 'traditional' ? 'zh-Hant' : 'zh';
}

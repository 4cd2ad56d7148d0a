import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { DomainError, type Mode } from '@reelscout/domain';
import type { FfmpegRunner } from '../media-analysis/ffmpeg.runner';
import { OverlayTextService } from '../media-analysis/overlay-candidates';
import type {
  VideoAnalysis,
  VideoAnalyzer,
  VideoAnalysisOptions,
} from '../media-analysis/video-analyzer';
import type { Post, ProvidersService, StructuredRequest, TimedText } from '../providers';
import { SandboxLlmProvider } from '../providers/sandbox/sandbox-llm.provider';
import { SandboxLlmRules } from '../providers/sandbox/sandbox-llm.rules';
import type { VideoSourceService } from '../video-source/video-source.service';
import { PLAYBOOK_DOCUMENT_PROMPT } from './playbook.prompt';
import { PLAYBOOK_DOCUMENT_SANDBOX } from './playbook.sandbox';
import { PlaybookService } from './playbook.service';
import type { SpeechAudioExtractor } from './speech-audio.extractor';

beforeAll(() => Logger.overrideLogger(false));

const POST: Post = {
  platform: 'network_b',
  market: 'network_b',
  id: '7500000000000000001',
  namespacedId: 'network_b:7500000000000000001',
  url: 'https://www.douyin.com/video/7500000000000000001',
  kind: 'video',
  caption: '在家做咖啡 #咖啡',
  hashtags: ['咖啡'],
  authorHandle: 'maya',
  authorName: 'Maya',
  authorFollowers: 10,
  postedAt: null,
  durationSec: 150,
  coverUrl: null,
  mediaUrl: 'https://cdn.example/v.mp4',
  stats: { playCount: 1, likeCount: 1, commentCount: 1, shareCount: 1, collectCount: 1 },
  captions: null,
  sound: null,
};

const ANALYSIS: Omit<VideoAnalysis, 'audioFile'> = {
  durationSec: 150.02,
  analyzedSeconds: 120,
  clipped: true,
  width: 360,
  height: 640,
  hasAudio: true,
  scenes: [
    { start: 0, end: 40.5 },
    { start: 40.5, end: 120 },
  ],
  cuts: [40.5],
  cutsPerMinute: 0.5,
  keyFrames: [
    { t: 20, sceneIndex: 0, jpegDataUrl: 'data:image/jpeg;base64,AAAA' },
    { t: 80, sceneIndex: 1, jpegDataUrl: 'data:image/jpeg;base64,BBBB' },
  ],
  audio: { loudnessLufs: -20, silences: [], speechShare: 0.8 },
};

const SPOKEN: TimedText[] = [
  { start: 1, end: 4, text: '先把咖啡豆现磨好。' },
  { start: 119, end: 130, text: '跨过结尾。' },
  { start: 140, end: 142, text: '不在分析范围内。' },
];

/** The service with its outside world stubbed: the sandbox stand-in writes the document. */
function setup(options: { post?: Post; transcribe?: () => Promise<TimedText[]> } = {}) {
  const rules = new SandboxLlmRules();
  rules.register(PLAYBOOK_DOCUMENT_PROMPT.name, PLAYBOOK_DOCUMENT_SANDBOX);
  const llm = new SandboxLlmProvider(rules);
  const events: string[] = [];
  let analysisSignal: AbortSignal | undefined;
  let speechFile = '';

  const structured = jest.spyOn(llm, 'structured');
  let transcriptionStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (transcriptionStarted = resolve));
  const transcribe = jest.spyOn(llm, 'transcribe').mockImplementation(async () => {
    events.push('transcribe');
    transcriptionStarted();
    return options.transcribe ? options.transcribe() : SPOKEN;
  });
  const analyzer = {
    analyze: jest.fn(async (_path: string, analysisOptions: VideoAnalysisOptions) => {
      events.push('analyze:start');
      analysisSignal = analysisOptions.signal;
      // The scene and frame passes take a while; transcription must not wait for them. This
      // analysis ends once transcription has started, or after a bound (a service that waited
      // for the analysis before transcribing then shows in the order of events).
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([started, new Promise((resolve) => (bound = setTimeout(resolve, 2_000)))]);
      clearTimeout(bound);
      analysisOptions.signal?.throwIfAborted();
      events.push('analyze:end');
      return structuredClone(ANALYSIS);
    }),
  };
  const speech = {
    extract: jest.fn(async () => {
      speechFile = join(tmpdir(), `playbook-spec-${process.pid}-${Date.now()}.wav`);
      await writeFile(speechFile, 'RIFF');
      return speechFile;
    }),
  };
  const post = options.post ?? POST;
  const source = {
    find: jest.fn(async () => ({ ref: {}, post })),
    withVideoFile: jest.fn(
      async (_mode: Mode, _post: Post, _signal: AbortSignal, work: (p: string) => unknown) =>
        work('/tmp/video.mp4'),
    ),
  };
  const ffmpeg = {
    probe: jest.fn(async () => ({ hasAudio: true, hasVideo: true, audioCodec: 'aac' })),
  };
  const providers = { for: () => ({ mode: 'test', llm, videoData: {}, shortLinks: {} }) };
  const service = new PlaybookService(
    source as unknown as VideoSourceService,
    providers as unknown as ProvidersService,
    ffmpeg as unknown as FfmpegRunner,
    analyzer as unknown as VideoAnalyzer,
    new OverlayTextService(),
    speech as unknown as SpeechAudioExtractor,
  );
  return {
    service,
    structured,
    transcribe,
    analyzer,
    speech,
    events,
    analysisSignal: () => analysisSignal,
    speechFile: () => speechFile,
  };
}

const run = (service: PlaybookService, language?: string) =>
  service.run('live', { url: POST.url, language }, new AbortController().signal);

describe('PlaybookService', () => {
  it('transcribes while the video is still being analyzed, then writes one document', async () => {
    const s = setup();
    const result = await run(s.service);
    expect(s.events.indexOf('transcribe')).toBeLessThan(s.events.indexOf('analyze:end'));
    expect(s.analyzer.analyze).toHaveBeenCalledWith(
      '/tmp/video.mp4',
      expect.objectContaining({ maxSeconds: 120, maxKeyFrames: 12, extractAudio: false }),
    );
    expect(s.speech.extract).toHaveBeenCalledWith(
      '/tmp/video.mp4',
      120,
      expect.objectContaining({ audioCodec: 'aac' }),
    );
    expect(s.transcribe).toHaveBeenCalledWith(
      s.speechFile(),
      expect.objectContaining({ language: 'zh' }),
    );
    expect(existsSync(s.speechFile())).toBe(false);

    expect(s.structured).toHaveBeenCalledTimes(1);
    const request = s.structured.mock.calls[0][0] as StructuredRequest<unknown>;
    expect(request.name).toBe('playbook_document');
    expect(request.images).toEqual(ANALYSIS.keyFrames.map((frame) => frame.jpegDataUrl));
    expect(request.user).toContain('"start":40.5');
    expect(request.user).toContain('先把咖啡豆现磨好');

    expect(result.language).toBe('zh-Hans');
    expect(result.analyzedSeconds).toBe(120);
    expect(result.reel).toEqual({
      id: 'network_b:7500000000000000001',
      url: POST.url,
      market: 'network_b',
      authorHandle: 'maya',
      caption: POST.caption,
      durationSec: 150,
    });
    expect(result.playbook.transcript).toEqual({
      language: 'zh-Hans',
      source: 'transcription',
      fullText: '先把咖啡豆现磨好。跨过结尾。',
      segments: [
        { start: 1, end: 4, text: '先把咖啡豆现磨好。' },
        { start: 119, end: 120, text: '跨过结尾。' },
      ],
    });
    expect(result.playbook.scenes.map(({ start, end }) => ({ start, end }))).toEqual(
      ANALYSIS.scenes,
    );
    expect(result.playbook.caveats.at(-1)).toContain('只分析了前120秒');
  });

  it('uses the platform caption track when there is one: no audio extracted, nothing transcribed', async () => {
    const captions = [{ start: 0.5, end: 3, text: 'Fresh beans.' }];
    const s = setup({
      post: { ...POST, captions: { language: 'en', segments: captions, url: null } },
    });
    const result = await run(s.service, 'english');
    expect(s.speech.extract).not.toHaveBeenCalled();
    expect(s.transcribe).not.toHaveBeenCalled();
    expect(result.language).toBe('en');
    expect(result.playbook.transcript).toEqual(
      expect.objectContaining({ source: 'platform_captions', language: 'en', segments: captions }),
    );
  });

  it('writes zh-Hant in Traditional characters, the transcript included', async () => {
    const s = setup();
    const result = await run(s.service, 'zh-TW');
    expect(result.language).toBe('zh-Hant');
    expect(result.playbook.transcript.language).toBe('zh-Hant');
    expect(result.playbook.transcript.segments[0].text).toBe('先把咖啡豆現磨好。');
    expect(result.playbook.caveats.at(-1)).toContain('只分析了前120秒');
    expect(JSON.stringify(result.playbook)).not.toMatch(/[这镜头视频]/);
  });

  it('a failed transcription stops the analysis, removes the audio and fails the call', async () => {
    const s = setup({
      transcribe: async () => {
        throw new DomainError('provider_error', 'The language model returned an error.');
      },
    });
    await expect(run(s.service)).rejects.toMatchObject({ code: 'provider_error' });
    expect(s.analysisSignal()?.aborted).toBe(true);
    expect(existsSync(s.speechFile())).toBe(false);
    expect(s.structured).not.toHaveBeenCalled();
  });

  it('refuses an unknown language before any media work', async () => {
    const s = setup();
    await expect(run(s.service, 'klingon')).rejects.toMatchObject({
      code: 'invalid_request',
      param: 'language',
    });
    expect(s.analyzer.analyze).not.toHaveBeenCalled();
  });
});

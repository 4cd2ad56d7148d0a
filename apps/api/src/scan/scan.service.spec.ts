import { Logger } from '@nestjs/common';
import { DomainError, type Market } from '@reelscout/domain';
import { withDeadline } from '../execution/deadline';
import type { WorkContext } from '../execution/operation.contract';
import type { LlmProvider, StructuredRequest } from '../providers/llm.provider';
import type { CallOptions, Post, VideoSearchPage } from '../providers/provider.types';
import { defaultProvidersSettings } from '../providers/providers-settings';
import { ProvidersService } from '../providers/providers.service';
import type { VideoDataProvider } from '../providers/video-data.provider';
import { relevanceBudgetMs, RELEVANCE_BUDGET_MS, ScanService } from './scan.service';
import { failure as failureOf } from '../../test/support/failures';

beforeAll(() => Logger.overrideLogger(false));

function post(id: string, overrides: Partial<Post> = {}): Post {
  const market: Market = overrides.market ?? 'network_a';
  return {
    platform: market,
    market,
    id,
    namespacedId: market === 'network_a' ? id : `network_b:${id}`,
    url: `https://example.test/${id}`,
    kind: 'video',
    caption: `caption ${id}`,
    hashtags: [],
    authorHandle: `h${id}`,
    authorName: null,
    authorFollowers: null,
    postedAt: null,
    durationSec: 10,
    coverUrl: null,
    mediaUrl: `https://cdn.example/${id}.mp4`,
    stats: {
      playCount: market === 'network_a' ? Number(id) * 10 : null,
      likeCount: 1,
      commentCount: 1,
      shareCount: 1,
      collectCount: null,
    },
    captions: null,
    sound: null,
    ...overrides,
  };
}

type PageAnswer = Post[] | Error | 'hang';

/** Search pages per phrase (one entry per page); records what it was asked and its signals. */
class FakeVideoData {
  readonly searched: { phrase: string; cursor: string | null }[] = [];
  readonly signals: AbortSignal[] = [];
  pages = new Map<string, PageAnswer[]>();

  async searchVideos(
    _market: Market,
    phrase: string,
    cursor: string | null = null,
    options: CallOptions = {},
  ): Promise<VideoSearchPage> {
    this.searched.push({ phrase, cursor });
    if (options.signal) this.signals.push(options.signal);
    const page = cursor === null ? 0 : Number(cursor);
    const pages = this.pages.get(phrase) ?? [[]];
    const answer = pages[page] ?? [];
    if (answer === 'hang') return hangUntilAborted(options.signal);
    if (answer instanceof Error) throw answer;
    return { items: answer, nextCursor: page + 1 < pages.length ? String(page + 1) : null };
  }

  async batchPlayCounts(ids: readonly string[]): Promise<Map<string, number>> {
    return new Map(ids.map((id) => [id, Number(id) * 100]));
  }
}

/**
 * A stand-in for the LLM adapter: answers through `validate`, asks once more when the answer
 * does not validate (as the live adapter does), then fails with `provider_error`.
 */
class FakeLlm {
  plan: unknown = { niche: 'Coffee', phrases: ['one', 'two', 'three'] };
  /** Answers one relevance batch (its ids); 'hang' waits for the signal. */
  relevance: ((ids: string[], attempt: number) => unknown) | 'hang' = (ids) => ({
    scores: ids.map((id) => ({ id, score: 8, reason: 'fits' })),
  });
  readonly calls: { name: string; ids?: string[] }[] = [];
  readonly relevanceSignals: AbortSignal[] = [];

  async structured<T>(request: StructuredRequest<T>, options: CallOptions = {}): Promise<T> {
    const ids = (request.input as { reels?: { id: string }[] }).reels?.map((r) => r.id);
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      this.calls.push({ name: request.name, ids });
      let answer: unknown;
      if (request.name === 'scan_plan') answer = this.plan;
      else {
        if (options.signal) this.relevanceSignals.push(options.signal);
        if (this.relevance === 'hang') return hangUntilAborted(options.signal);
        answer = this.relevance(ids ?? [], attempt);
      }
      try {
        return request.validate(answer);
      } catch {
        // asked once more
      }
    }
    throw new DomainError('provider_error', 'The language model answered garbage.');
  }
}

function hangUntilAborted(signal?: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new DomainError('timeout', 'The deadline passed.'));
    if (signal?.aborted) fail();
    signal?.addEventListener('abort', fail, { once: true });
  });
}

/** The deadline OperationRunner would give a scan that starts now. */
function deadline(deadlineMs = 90_000): WorkContext {
  return { deadlineAt: Date.now() + deadlineMs, deadlineMs };
}

function setUp() {
  const video = new FakeVideoData();
  const llm = new FakeLlm();
  const providers = new ProvidersService(defaultProvidersSettings(), null, {
    createSandbox: () => ({
      videoData: video as unknown as VideoDataProvider,
      llm: llm as unknown as LlmProvider,
    }),
  });
  return { video, llm, service: new ScanService(providers) };
}

const failure = (promise: Promise<unknown>) => failureOf<Error>(promise, { type: null });

const signal = () => new AbortController().signal;

describe('ScanService pipeline', () => {
  it('searches every planned phrase (3 to 6), drops non-video posts and repeats', async () => {
    const { video, llm, service } = setUp();
    llm.plan = {
      niche: 'Coffee',
      phrases: ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'],
    };
    video.pages.set('one', [[post('1'), post('2', { kind: 'photo', mediaUrl: null })]]);
    video.pages.set('two', [[post('1'), post('3', { kind: 'slides' }), post('4')]]);
    video.pages.set('three', [[post('5', { kind: 'note' })]]);
    const res = await service.run(
      'test',
      { query: 'coffee', market: 'network_a' },
      signal(),
      deadline(),
    );
    expect(video.searched.map((s) => s.phrase)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
    ]);
    expect(res.queries).toEqual(['one', 'two', 'three', 'four', 'five', 'six']);
    expect(res.reels.map((r) => r.id)).toEqual(['4', '1']);
    expect(res.degraded).toBe(false);
    // One relevance batch, asked about the two videos only.
    expect(llm.calls.filter((c) => c.name === 'scan_relevance').map((c) => c.ids)).toEqual([
      ['1', '4'],
    ]);
  });

  it('a plan with fewer than 3 phrases fails (502) before any search', async () => {
    const { video, llm, service } = setUp();
    llm.plan = { niche: 'Coffee', phrases: ['one', 'one', 'two'] };
    const error = await failure(service.run('test', { query: 'coffee' }, signal(), deadline()));
    expect(error).toMatchObject({ code: 'provider_error' });
    expect(video.searched).toEqual([]);
  });

  it('network_b pages twice per phrase and backfills play counts', async () => {
    const { video, llm, service } = setUp();
    llm.plan = { niche: '咖啡', phrases: ['咖啡', '手冲', '拿铁'] };
    const b = (id: string) => post(id, { market: 'network_b' });
    video.pages.set('咖啡', [[b('1')], [b('2')], [b('9')]]);
    const res = await service.run(
      'test',
      { query: '咖啡', market: 'network_b' },
      signal(),
      deadline(),
    );
    expect(video.searched.filter((s) => s.phrase === '咖啡').map((s) => s.cursor)).toEqual([
      null,
      '1',
    ]);
    expect(res.reels.map((r) => [r.id, r.playCount])).toEqual([
      ['network_b:2', 200],
      ['network_b:1', 100],
    ]);
  });
});

describe('ScanService partial search failures', () => {
  it('keeps what arrived when one phrase fails; `queries` lists only the phrases run', async () => {
    const { video, service } = setUp();
    video.pages.set('one', [[post('1')]]);
    video.pages.set('two', [new DomainError('provider_error', 'upstream 500')]);
    video.pages.set('three', [[post('3')]]);
    const res = await service.run(
      'test',
      { query: 'coffee', market: 'network_a' },
      signal(),
      deadline(),
    );
    expect(res.reels.map((r) => r.id)).toEqual(['3', '1']);
    expect(res.queries).toEqual(['one', 'three']);
  });

  it('keeps page 1 when a later network_b page fails; the phrase still counts as run', async () => {
    const { video, llm, service } = setUp();
    llm.plan = { niche: '咖啡', phrases: ['咖啡', '手冲', '拿铁'] };
    const b = (id: string) => post(id, { market: 'network_b' });
    video.pages.set('咖啡', [[b('1')], new DomainError('provider_error', 'page 2 broke')]);
    video.pages.set('手冲', [[b('2')], [b('3')]]);
    const res = await service.run(
      'test',
      { query: '咖啡', market: 'network_b' },
      signal(),
      deadline(),
    );
    expect(res.reels.map((r) => r.id)).toEqual(['network_b:3', 'network_b:2', 'network_b:1']);
    expect(res.queries).toEqual(['咖啡', '手冲', '拿铁']);
  });

  it('fails with the provider error (as classified) only when every phrase failed', async () => {
    const { video, llm, service } = setUp();
    video.pages.set('one', [new DomainError('provider_unavailable', 'circuit open')]);
    video.pages.set('two', [new DomainError('provider_error', 'upstream 500')]);
    video.pages.set('three', [new DomainError('timeout', 'provider too slow')]);
    const error = await failure(service.run('test', { query: 'coffee' }, signal(), deadline()));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('provider_unavailable');
    expect(llm.calls.map((c) => c.name)).toEqual(['scan_plan']);
  });

  it('an error that is not a provider failure fails the scan at once and aborts sibling searches', async () => {
    const { video, service } = setUp();
    video.pages.set('one', ['hang']);
    video.pages.set('two', ['hang']);
    video.pages.set('three', [new TypeError('a bug')]);
    const error = await failure(service.run('test', { query: 'coffee' }, signal(), deadline()));
    expect(error).toBeInstanceOf(TypeError);
    expect(video.signals).toHaveLength(3);
    expect(video.signals.every((s) => s.aborted)).toBe(true);
  });
});

describe('ScanService relevance pass', () => {
  it('ends before the deadline: a relevance pass that runs late answers degraded, not 504', async () => {
    const { video, llm, service } = setUp();
    video.pages.set('one', [[post('1'), post('2'), post('3')]]);
    llm.relevance = 'hang';
    // Had the pass run into the 800 ms deadline, withDeadline would reject (504) and fail the
    // test; answering at all is the behaviour. No wall-clock bound here (speed: npm run bench).
    const res = await withDeadline(800, (signal, context) =>
      service.run('test', { query: 'coffee', market: 'network_a' }, signal, context),
    );
    expect(res.degraded).toBe(true);
    expect(res.reels.map((r) => [r.id, r.relevance])).toEqual([
      ['3', null],
      ['2', null],
      ['1', null],
    ]);
  });

  it('a batch that still skips ids after the retry makes the pass fail: degraded, not dropped', async () => {
    const { video, llm, service } = setUp();
    // 24 candidates → 3 batches of 10, 10, 4 (at least 10 per batch).
    const posts = Array.from({ length: 24 }, (_, i) => post(String(i + 1)));
    video.pages.set('one', [posts]);
    llm.relevance = (ids) => ({
      // The batch holding reel 5 never scores it; every other id is relevant.
      scores: ids.filter((id) => id !== '5').map((id) => ({ id, score: 9, reason: 'fits' })),
    });
    const res = await service.run('test', { query: 'coffee', limit: 20 }, signal(), deadline());
    expect(res.degraded).toBe(true);
    expect(res.reels).toHaveLength(20);
    expect(res.reels.every((r) => r.relevance === null)).toBe(true);
    // Asked twice for the incomplete batch (the adapter's one retry).
    const asked = llm.calls.filter((c) => c.name === 'scan_relevance' && c.ids?.includes('5'));
    expect(asked).toHaveLength(2);
  });

  it('a failed batch aborts its sibling batches', async () => {
    const { video, llm, service } = setUp();
    video.pages.set('one', [Array.from({ length: 30 }, (_, i) => post(String(i + 1)))]);
    let calls = 0;
    llm.relevance = 'hang';
    const structured = llm.structured.bind(llm);
    llm.structured = async <T>(request: StructuredRequest<T>, options: CallOptions = {}) => {
      if (request.name === 'scan_relevance' && ++calls === 2) {
        throw new DomainError('provider_error', 'batch 2 broke');
      }
      return structured(request, options);
    };
    const res = await service.run('test', { query: 'coffee' }, signal(), deadline());
    expect(res.degraded).toBe(true);
    expect(llm.relevanceSignals.length).toBeGreaterThan(0);
    expect(llm.relevanceSignals.every((s) => s.aborted)).toBe(true);
  });

  it('compares the raw score with the threshold (5.95 is dropped although it prints 6.0)', async () => {
    const { video, llm, service } = setUp();
    video.pages.set('one', [[post('1'), post('2')]]);
    llm.relevance = (ids) => ({
      scores: ids.map((id) => ({ id, score: id === '1' ? 5.95 : 6.04, reason: 'r' })),
    });
    const res = await service.run('test', { query: 'coffee' }, signal(), deadline());
    expect(res.reels.map((r) => [r.id, r.relevance?.score])).toEqual([['2', 6]]);
  });
});

describe('relevanceBudgetMs', () => {
  it('is the configured budget when the deadline is far', () => {
    expect(relevanceBudgetMs(80_000, 90_000)).toBe(RELEVANCE_BUDGET_MS);
  });

  it('is the time left before the deadline minus a margin (a tenth, at most 2 s) when that is shorter', () => {
    expect(relevanceBudgetMs(20_000, 90_000)).toBe(18_000);
    expect(relevanceBudgetMs(1_000, 1_500)).toBe(850);
    expect(relevanceBudgetMs(1_000, 90_000)).toBeLessThanOrEqual(0);
  });
});

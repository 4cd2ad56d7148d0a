import { Logger } from '@nestjs/common';
import type { DomainError } from '@reelscout/domain';
import { EgressGuard, EgressPolicy } from '../../src/egress';
import {
  TikhubVideoDataProvider,
  type TikhubVideoDataSettings,
} from '../../src/providers/live/tikhub';
import {
  appAweme,
  appMusic,
  PROVIDER_BODY_MARKER,
  startFakeProvider,
  type FakeProvider,
} from '../fakes';
import { failure } from './failures';

export const A1 = '7301234567890120001';
export const A2 = '7301234567890120002';
export const B = (n: number) => `74000000000000${String(n).padStart(5, '0')}`;

export interface TikhubFake {
  /** The fake provider, started before the spec's tests. */
  fake: FakeProvider;
  /** What the adapter's clock reads; back to 0 before each test. */
  clock: number;
  adapter(overrides?: Partial<TikhubVideoDataSettings>): TikhubVideoDataProvider;
  /** The domain error a call failed with; the provider's body never leaks into it. */
  failure(promise: Promise<unknown>): Promise<DomainError>;
}

/**
 * The live video-data adapter against the fake provider on 127.0.0.1, for one spec file: the
 * fake starts once with two network_a posts and 120 network_b posts, and is reset before each
 * test (page size 10, clock 0).
 */
export function useTikhubFake(): TikhubFake {
  const t: TikhubFake = {
    fake: undefined as unknown as FakeProvider,
    clock: 0,
    adapter: (overrides = {}) =>
      new TikhubVideoDataProvider({
        baseUrl: t.fake.url,
        apiKey: t.fake.apiKey,
        timeoutMs: 2_000,
        downloadTimeoutMs: 2_000,
        maxRetries: 2,
        breakerThreshold: 50,
        breakerCoolDownMs: 1_000,
        backoff: { baseMs: 1, maxMs: 5 },
        now: () => t.clock,
        // The fakes listen on 127.0.0.1: tests allow it the way an operator would.
        egress: new EgressGuard(EgressPolicy.fromSetting('127.0.0.1')),
        ...overrides,
      }),
    failure: (promise) => failure(promise, { hides: PROVIDER_BODY_MARKER }),
  };

  beforeAll(async () => {
    Logger.overrideLogger(false);
    t.fake = await startFakeProvider();
    t.fake.addPost(
      'network_a',
      appAweme({
        id: A1,
        desc: 'Latte art #coffee',
        handle: 'brewwithmaya',
        plays: 5000,
        likes: 400,
        stringCounts: true,
        durationMs: 21_000,
        hashtags: ['coffee'],
        music: appMusic({ id: '7100000000000000011', title: 'Golden Groove' }),
      }),
    );
    t.fake.addPost(
      'network_a',
      appAweme({ id: A2, desc: 'Espresso', handle: 'coffeeatnoah', likes: 10 }),
    );
    for (let i = 1; i <= 120; i += 1) {
      t.fake.addPost(
        'network_b',
        appAweme({ id: B(i), desc: `手冲咖啡 ${i}`, plays: 0, likes: i, durationMs: 15_000 }),
      );
    }
  });

  afterAll(async () => {
    await t.fake.close();
  });

  beforeEach(() => {
    t.fake.reset();
    t.fake.setPageSize(10);
    t.clock = 0;
  });

  return t;
}

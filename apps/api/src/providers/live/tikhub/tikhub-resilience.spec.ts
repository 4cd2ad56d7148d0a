import { PROVIDER_PATHS } from '../../../../test/fakes';
import { A1, useTikhubFake } from '../../../../test/support/tikhub-fake';

describe('TikhubVideoDataProvider through the fake provider: resilience', () => {
  const t = useTikhubFake();

  describe('resilience', () => {
    it('retries a 429 and a 503, then succeeds', async () => {
      t.fake.setBehavior(
        PROVIDER_PATHS.networkAPost,
        [{ status: 429, headers: { 'retry-after': '0' } }, { status: 503 }],
        {
          times: 2,
        },
      );
      const post = await t.adapter().getPost({ platform: 'network_a', id: A1 });
      expect(post?.id).toBe(A1);
      expect(t.fake.calls(PROVIDER_PATHS.networkAPost)).toBe(3);
    });

    it('gives up after the retries and answers provider_error (no body in the message)', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkAMusicDetail, { status: 502 });
      const error = await t.failure(
        t.adapter({ maxRetries: 1 }).getSound('network_a', '7100000000000000011'),
      );
      expect(error.code).toBe('provider_error');
      expect(error.status).toBe(502);
      expect(t.fake.calls(PROVIDER_PATHS.networkAMusicDetail)).toBe(2);
    });

    it('never retries a 400', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkASoundRank, { status: 400 });
      await t.failure(t.adapter().soundCharts('network_a', { kind: 'popular' }));
      expect(t.fake.calls(PROVIDER_PATHS.networkASoundRank)).toBe(1);
    });

    it('retries a connection reset', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkAPost, { reset: true }, { times: 1 });
      expect((await t.adapter().getPost({ platform: 'network_a', id: A1 }))?.id).toBe(A1);
      expect(t.fake.calls(PROVIDER_PATHS.networkAPost)).toBe(2);
    });

    it('turns malformed JSON and an empty 200 into provider_error', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkASoundRank, { malformed: true });
      expect(
        (await t.failure(t.adapter().soundCharts('network_a', { kind: 'popular' }))).code,
      ).toBe('provider_error');
      t.fake.setBehavior(PROVIDER_PATHS.networkASoundRank, { empty: true });
      expect(
        (await t.failure(t.adapter().soundCharts('network_a', { kind: 'popular' }))).code,
      ).toBe('provider_error');
    });

    it('opens the circuit after consecutive failures (503 without a request), then closes after the cool-down', async () => {
      const provider = t.adapter({ maxRetries: 0, breakerThreshold: 3 });
      t.fake.setBehavior(PROVIDER_PATHS.networkASoundRank, { status: 500 });
      for (let i = 0; i < 3; i += 1) {
        expect((await t.failure(provider.soundCharts('network_a', { kind: 'popular' }))).code).toBe(
          'provider_error',
        );
      }
      expect(provider.circuitState('network_a.music.chart')).toBe('open');
      const open = await t.failure(provider.soundCharts('network_a', { kind: 'popular' }));
      expect(open.code).toBe('provider_unavailable');
      expect(t.fake.calls(PROVIDER_PATHS.networkASoundRank)).toBe(3);

      t.fake.setBehavior(PROVIDER_PATHS.networkASoundRank, {
        json: { code: 200, data: { sound_list: [] } },
      });
      t.clock += 1_000;
      await expect(provider.soundCharts('network_a', { kind: 'popular' })).resolves.toEqual([]);
      expect(provider.circuitState('network_a.music.chart')).toBe('closed');
      expect(t.fake.calls(PROVIDER_PATHS.networkASoundRank)).toBe(4);
    });

    it('skips an endpoint whose circuit is open and serves from the fallback', async () => {
      const provider = t.adapter({ maxRetries: 0, breakerThreshold: 1 });
      t.fake.setBehavior(PROVIDER_PATHS.networkBSearchV2, { status: 503 });
      await provider.searchVideos('network_b', '咖啡');
      await provider.searchVideos('network_b', '咖啡');
      expect(t.fake.calls(PROVIDER_PATHS.networkBSearchV2)).toBe(1);
      expect(t.fake.calls(PROVIDER_PATHS.networkBSearchV1)).toBe(2);
    });

    it('does not hang on a provider that never answers: the per-call timeout gives provider_error', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkAMusicDetail, { hang: true });
      const error = await t.failure(
        t.adapter({ timeoutMs: 100, maxRetries: 0 }).getSound('network_a', '1'),
      );
      expect(error.code).toBe('provider_error');
      expect(error.message).toMatch(/in time/);
    });

    it("answers timeout (504) when the caller's deadline fires first", async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkAMusicDetail, { delayMs: 2_000 });
      const error = await t.failure(
        t.adapter().getSound('network_a', '1', { signal: AbortSignal.timeout(50) }),
      );
      expect(error.code).toBe('timeout');
    });

    it('answers provider_unavailable when the provider rejects the key, without retries or fallbacks', async () => {
      const provider = t.adapter({ apiKey: 'wrong' });
      expect((await t.failure(provider.searchVideos('network_b', '咖啡'))).code).toBe(
        'provider_unavailable',
      );
      expect(t.fake.calls(PROVIDER_PATHS.networkBSearchV2)).toBe(1);
      expect(t.fake.calls(PROVIDER_PATHS.networkBSearchV1)).toBe(0);
    });
  });
});

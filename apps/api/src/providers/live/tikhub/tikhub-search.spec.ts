import { PROVIDER_PATHS } from '../../../../test/fakes';
import { A1, A2, B, useTikhubFake } from '../../../../test/support/tikhub-fake';

describe('TikhubVideoDataProvider through the fake provider: search and network_b play counts', () => {
  const t = useTikhubFake();

  describe('search', () => {
    it('maps network_a app-format results, string counts included, and pages with the cursor', async () => {
      t.fake.setPageSize(1);
      const provider = t.adapter();
      const first = await provider.searchVideos('network_a', 'coffee');
      expect(first.items.map((post) => post.id)).toEqual([A1]);
      expect(first.items[0].stats.playCount).toBe(5000);
      expect(first.items[0].stats.commentCount).toBeNull();
      expect(first.nextCursor).not.toBeNull();
      const second = await provider.searchVideos('network_a', 'coffee', first.nextCursor);
      expect(second.items.map((post) => post.id)).toEqual([A2]);
      expect(second.nextCursor).toBeNull();
      expect(t.fake.requests(PROVIDER_PATHS.networkASearchApp)[1].query.get('offset')).toBe('1');
    });

    it('sends the bearer key', async () => {
      await t.adapter().searchVideos('network_a', 'coffee');
      expect(t.fake.requests(PROVIDER_PATHS.networkASearchApp)[0].headers.authorization).toBe(
        `Bearer ${t.fake.apiKey}`,
      );
    });

    it('uses network_b v2 POST search, passes search_id and backtrace back, and carries no play counts', async () => {
      const provider = t.adapter();
      const first = await provider.searchVideos('network_b', '咖啡');
      expect(first.items).toHaveLength(10);
      expect(
        first.items.every((post) => post.market === 'network_b' && post.stats.playCount === null),
      ).toBe(true);
      await provider.searchVideos('network_b', '咖啡', first.nextCursor);
      const [, secondRequest] = t.fake.requests(PROVIDER_PATHS.networkBSearchV2);
      expect(secondRequest.json).toMatchObject({
        keyword: '咖啡',
        cursor: 10,
        search_id: 'fake-search-id',
        backtrace: 'fake-backtrace',
      });
    });

    it('falls back to the current v1 search when v2 answers a plain 400, without retrying the 400', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkBSearchV2, { status: 400 });
      const page = await t.adapter().searchVideos('network_b', '咖啡');
      expect(page.items).toHaveLength(10);
      expect(t.fake.calls(PROVIDER_PATHS.networkBSearchV2)).toBe(1);
      expect(t.fake.calls(PROVIDER_PATHS.networkBSearchV1)).toBe(1);
      expect(t.fake.calls(PROVIDER_PATHS.networkBSearchWeb)).toBe(0);
    });

    it('uses the deprecated GET searches last, paging them by page number from 1', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkBSearchV2, { status: 503 });
      t.fake.setBehavior(PROVIDER_PATHS.networkBSearchV1, { status: 503 });
      const provider = t.adapter({ maxRetries: 0 });
      const first = await provider.searchVideos('network_b', '咖啡');
      expect(first.items).toHaveLength(10);
      const second = await provider.searchVideos('network_b', '咖啡', first.nextCursor);
      expect(second.items.map((post) => post.id)).not.toEqual(first.items.map((post) => post.id));
      const [one, two] = t.fake.requests(PROVIDER_PATHS.networkBSearchWeb);
      expect(Object.fromEntries(one.query)).toEqual({
        keyword: '咖啡',
        page: '1',
        sort_type: '_0',
        publish_time: '_0',
        filter_duration: '_0',
      });
      expect(Object.fromEntries(two.query)).toMatchObject({ page: '2', search_id: 'fake-logid' });
    });

    it('falls back to the web search on network_a and reads the web format', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkASearchApp, { status: 400 });
      const page = await t.adapter().searchVideos('network_a', 'coffee');
      expect(page.items[0]).toMatchObject({ id: A1, durationSec: 21 });
      expect(page.items[0].stats.playCount).toBe(5000);
      expect(t.fake.calls(PROVIDER_PATHS.networkASearchWeb)).toBe(1);
    });

    it('treats a risk-control empty 200 as a failure, not as "no results"', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkBSearchV2, {
        json: { code: 200, data: { status_code: 2154 } },
      });
      t.fake.setBehavior(PROVIDER_PATHS.networkBSearchV1, {
        json: { code: 200, data: { status_code: 2154 } },
      });
      t.fake.setBehavior(PROVIDER_PATHS.networkBSearchWeb, {
        json: { code: 200, data: { status_code: 8 } },
      });
      t.fake.setBehavior(PROVIDER_PATHS.networkBSearchApp, { json: { code: 200, data: {} } });
      const error = await t.failure(t.adapter().searchVideos('network_b', '咖啡'));
      expect(error.code).toBe('provider_error');
    });

    it('returns an empty page for a real "no results" answer', async () => {
      t.fake.setSearchResults('network_a', 'nothing', []);
      const page = await t.adapter().searchVideos('network_a', 'nothing');
      expect(page).toEqual({ items: [], nextCursor: null });
      t.fake.setSearchResults('network_a', 'coffee', [A1, A2]);
    });
  });

  describe('network_b play counts', () => {
    const ids = Array.from({ length: 120 }, (_, i) => B(i + 1));

    beforeAll(() => {
      t.fake.setPlayCounts(Object.fromEntries(ids.map((id, i) => [id, 1000 + i])));
    });

    it('backfills in parallel batches of at most 50', async () => {
      const counts = await t.adapter().batchPlayCounts(ids);
      expect(counts.size).toBe(120);
      expect(counts.get(B(1))).toBe(1000);
      const batches = t.fake
        .requests(PROVIDER_PATHS.networkBStatistics)
        .map((request) => request.query.get('aweme_ids')!.split(','));
      expect(batches.map((batch) => batch.length).sort()).toEqual([20, 50, 50]);
    });

    it('reads the aweme_details shape too', async () => {
      t.fake.setStatisticsShape('aweme_details');
      const counts = await t.adapter().batchPlayCounts([`network_b:${B(3)}`]);
      expect(counts.get(B(3))).toBe(1002);
      t.fake.setStatisticsShape('statistics_list');
    });

    it('splits a batch that keeps failing and asks for each half again', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkBStatistics, { status: 400 }, { times: 1 });
      const hundred = ids.slice(0, 100);
      const counts = await t.adapter().batchPlayCounts(hundred);
      const sizes = t.fake
        .requests(PROVIDER_PATHS.networkBStatistics)
        .map((request) => request.query.get('aweme_ids')!.split(',').length)
        .sort((a, b) => a - b);
      expect(sizes).toEqual([25, 25, 50, 50]);
      expect(counts.size).toBe(100);
    });

    it('leaves the reels of a batch that fails after retries and splits unknown (absent), never 0', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkBStatistics, { status: 400 }, { times: 7 });
      const fifty = ids.slice(0, 50);
      const counts = await t.adapter().batchPlayCounts(fifty);
      // 50 → 25 + 25 → 13 + 12 + 13 + 12: seven requests, all failed; no more splits.
      expect(t.fake.calls(PROVIDER_PATHS.networkBStatistics)).toBe(7);
      expect(counts.size).toBe(0);
      // The next call is answered: the counts were unknown, not zero.
      expect((await t.adapter().batchPlayCounts(fifty)).get(fifty[0])).toBe(1000);
    });

    it('leaves ids the provider does not mention absent', async () => {
      const counts = await t.adapter().batchPlayCounts([B(1), '7999999999999999999']);
      expect([...counts.keys()]).toEqual([B(1)]);
    });

    it('never fails the call when every batch failed: every count is unknown', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkBStatistics, { status: 400 });
      expect((await t.adapter().batchPlayCounts(ids)).size).toBe(0);
    });
  });
});

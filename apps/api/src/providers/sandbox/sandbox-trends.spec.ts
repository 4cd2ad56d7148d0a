import {
  MARKETS,
  judgeTrend,
  TREND_KINDS,
  TREND_STAGES,
  trendDays,
  TREND_WINDOWS,
} from '@reelscout/domain';
import { sandboxCatalogue } from './sandbox-catalogue';
import { sandboxTrendChart, SANDBOX_TREND_HISTORY_DAYS } from './sandbox-trends';

const catalogue = sandboxCatalogue();

describe('sandbox trend charts', () => {
  it('are the same for the same day and carry 90 days of points ending that day', () => {
    const a = sandboxTrendChart(catalogue, 'network_a', 'sounds', '2026-05-01');
    const b = sandboxTrendChart(catalogue, 'network_a', 'sounds', '2026-05-01');
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(10);
    for (const entry of a) {
      const days = entry.points!.map((point) => point.day);
      // On today's chart: its points end today; dropped off: its last point is earlier.
      if (entry.rank !== null) expect(days[days.length - 1]).toBe('2026-05-01');
      else expect(days[days.length - 1] < '2026-05-01').toBe(true);
      expect(days[0] >= trendDays('2026-05-01', SANDBOX_TREND_HISTORY_DAYS / 2)[0]).toBe(true);
    }
    const ranked = a.filter((entry) => entry.rank !== null);
    expect(ranked.map((entry) => entry.rank)).toEqual(ranked.map((_, index) => index + 1));
    expect(a.slice(0, ranked.length)).toEqual(ranked);
  });

  it('show every stage on every day of a cycle, on both networks, both kinds, both windows', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let offset = 0; offset < 98; offset += 3) {
      const day = new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
      for (const market of MARKETS) {
        for (const kind of TREND_KINDS) {
          const chart = sandboxTrendChart(catalogue, market, kind, day);
          for (const window of TREND_WINDOWS) {
            const days = trendDays(day, window);
            const stages = new Set(
              chart.map((entry) => {
                const byDay = new Map(entry.points!.map((point) => [point.day, point.value]));
                return judgeTrend(
                  days.map((d) => byDay.get(d) ?? null),
                  window,
                ).stage;
              }),
            );
            expect({ day, market, kind, window, stages: [...stages].sort() }).toEqual({
              day,
              market,
              kind,
              window,
              stages: [...TREND_STAGES].sort(),
            });
          }
        }
      }
    }
  });
});

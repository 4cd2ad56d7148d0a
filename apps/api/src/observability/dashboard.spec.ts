import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportedMetricNames } from '../common/observability/metrics';

const ROOT = join(__dirname, '..', '..', '..', '..');

interface Panel {
  type: string;
  title: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

const dashboard = JSON.parse(
  readFileSync(join(ROOT, 'deploy/grafana/dashboards/reelscout.json'), 'utf8'),
) as { panels: Panel[] };
const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
const graphs = panels.filter((panel) => panel.type !== 'row');
const metricsIn = (expr: string) => expr.match(/\breelscout_[a-z0-9_]+/g) ?? [];

/** The shipped Grafana dashboard and alert rules query only series the app exports. */
describe('deploy/ files', () => {
  let exported: Set<string>;
  beforeAll(async () => {
    exported = new Set(await exportedMetricNames());
  });

  it('every dashboard panel has a query, and every query names metrics the app exports', () => {
    expect(graphs.length).toBeGreaterThanOrEqual(20);
    for (const panel of graphs) {
      const exprs = (panel.targets ?? []).map((target) => target.expr ?? '');
      expect({ panel: panel.title, queries: exprs.length }).toEqual({
        panel: panel.title,
        queries: expect.any(Number),
      });
      expect(exprs.length).toBeGreaterThan(0);
      for (const expr of exprs) {
        const names = metricsIn(expr);
        expect({ panel: panel.title, names: names.length > 0 }).toEqual({
          panel: panel.title,
          names: true,
        });
        for (const name of names) {
          expect({ panel: panel.title, name, exported: exported.has(name) }).toEqual({
            panel: panel.title,
            name,
            exported: true,
          });
        }
      }
    }
  });

  it('the dashboard covers traffic, latency, errors, money, provider, queue, webhooks and watches', () => {
    const rows = panels.filter((panel) => panel.type === 'row').map((panel) => panel.title);
    for (const row of [
      'Traffic',
      'Latency',
      'Errors',
      'Money',
      'Provider',
      'Queue',
      'Webhooks',
      'Watches',
    ]) {
      expect(rows).toContain(row);
    }
  });

  it('every alert rule names metrics the app exports', () => {
    const rules = readFileSync(join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8');
    const names = metricsIn(rules);
    expect(names.length).toBeGreaterThanOrEqual(7);
    for (const name of names)
      expect({ name, exported: exported.has(name) }).toEqual({ name, exported: true });
  });
});

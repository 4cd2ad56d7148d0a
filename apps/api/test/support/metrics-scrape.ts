import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/** One sample of a scraped family: a counter's or gauge's value, a histogram's count and sum. */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: string;
  samples: Sample[];
}

interface Parsed {
  name: string;
  type: string;
  metrics: {
    labels?: Record<string, string>;
    value?: string;
    count?: string;
    sum?: string;
    buckets?: Record<string, string>;
  }[];
}

/**
 * Scrapes a metrics listener and parses the text with a Prometheus text-format parser. The parser
 * folds every labelled series of a histogram into one (it keeps one set of buckets and drops the
 * labels), so a histogram's TYPE line is left out: its `_bucket`, `_sum` and `_count` series are
 * then parsed as untyped families of their own, with their labels (`x_count` is the number of
 * observations of histogram `x`).
 */
export async function scrape(port: number): Promise<Family[]> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (res.status !== 200) throw new Error(`metrics answered ${res.status}`);
  const text = (await res.text()).replace(/^# TYPE \S+ histogram\n/gm, '');
  const parsed = parsePrometheusTextFormat(text) as Parsed[];
  // Untyped, a histogram's series interleave (`_bucket`, `_sum`, `_count` per label set), and
  // the parser starts a family at each change of name: the families of one name are merged.
  const families = new Map<string, Family>();
  for (const family of parsed) {
    const merged = families.get(family.name) ?? {
      name: family.name,
      type: family.type,
      samples: [],
    };
    merged.samples.push(
      ...family.metrics.map((metric) => ({
        labels: metric.labels ?? {},
        value: Number(metric.value ?? metric.count),
      })),
    );
    families.set(family.name, merged);
  }
  return [...families.values()];
}

/** The sum of a family's samples whose labels include `labels` (0 when none). */
export function valueOf(
  families: Family[],
  name: string,
  labels: Record<string, string | RegExp> = {},
): number {
  const family = families.find((f) => f.name === name);
  if (!family) return 0;
  return family.samples
    .filter((sample) =>
      Object.entries(labels).every(([key, want]) => {
        const got = sample.labels[key];
        return typeof want === 'string' ? got === want : got !== undefined && want.test(got);
      }),
    )
    .reduce((total, sample) => total + sample.value, 0);
}

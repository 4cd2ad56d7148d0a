export const FUNDS = 10_000_000;

export interface Timed {
  start: number;
  end: number;
  text?: string;
}

export interface PlaybookBody {
  reel: Record<string, unknown>;
  language: string;
  analyzedSeconds: number;
  playbook: {
    version: number;
    tier: string;
    overview: Record<string, unknown>;
    hook: Timed & { text: string; why: string };
    transcript: { language: string | null; source: string; fullText: string; segments: Timed[] };
    scenes: (Timed & { description: string })[];
    overlays: (Timed & { text: string; source: string })[];
    pacing: Record<string, unknown>;
    playbook: {
      script: { t: number; line: string }[];
      shotList: string[];
      caption: string;
      cta: string;
    };
    experiments: unknown[];
    caveats: string[];
  };
}

/** Every timing a playbook document holds. */
export function timingsOf(body: PlaybookBody): number[] {
  const doc = body.playbook;
  return [
    doc.hook.start,
    doc.hook.end,
    ...[...doc.scenes, ...doc.overlays, ...doc.transcript.segments].flatMap((s) => [
      s.start,
      s.end,
    ]),
    ...doc.playbook.script.map((beat) => beat.t),
  ];
}

/** The public contract: every field docs/playbook.md names, with its type. */
export function expectPlaybookShape(body: PlaybookBody): void {
  expect(Object.keys(body).sort()).toEqual(['analyzedSeconds', 'language', 'playbook', 'reel']);
  expect(Object.keys(body.reel).sort()).toEqual(
    ['authorHandle', 'caption', 'durationSec', 'id', 'market', 'url'].sort(),
  );
  const doc = body.playbook;
  expect(Object.keys(doc).sort()).toEqual(
    [
      'version',
      'tier',
      'overview',
      'hook',
      'transcript',
      'scenes',
      'overlays',
      'pacing',
      'format',
      'playbook',
      'experiments',
      'caveats',
    ].sort(),
  );
  expect(doc.version).toBe(2);
  expect(doc.tier).toBe('full');
  expect(doc.hook.text.length).toBeGreaterThan(0);
  expect(doc.hook.why.length).toBeGreaterThan(0);
  expect(doc.scenes.length).toBeGreaterThan(0);
  expect(doc.scenes[0].start).toBe(0);
  expect(doc.scenes.at(-1)!.end).toBe(body.analyzedSeconds);
  doc.scenes.forEach((scene, i) => {
    expect(scene.start).toBeLessThan(scene.end);
    expect(scene.description.length).toBeGreaterThan(0);
    if (i > 0) expect(scene.start).toBe(doc.scenes[i - 1].end);
  });
  expect(doc.playbook.script.length).toBeGreaterThan(0);
  for (const beat of doc.playbook.script) expect(typeof beat.line).toBe('string');
  expect(doc.playbook.shotList.every((shot) => typeof shot === 'string')).toBe(true);
  expect(typeof doc.playbook.caption).toBe('string');
  expect(typeof doc.playbook.cta).toBe('string');
  expect(Array.isArray(doc.experiments)).toBe(true);
  expect(Array.isArray(doc.caveats)).toBe(true);
  for (const t of timingsOf(body)) {
    expect(t).toBeGreaterThanOrEqual(0);
    expect(t).toBeLessThanOrEqual(body.analyzedSeconds);
  }
}

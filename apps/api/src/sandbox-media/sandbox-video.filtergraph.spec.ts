import type { SandboxVideoSpec } from './sandbox-media.types';
import {
  SCENE_PALETTE,
  buildSandboxVideoGraph,
  drawableText,
  escapeFilterValue,
  wrapText,
} from './sandbox-video.filtergraph';

const spec: SandboxVideoSpec = {
  key: 'v1',
  durationSec: 10,
  sceneCuts: [2.5, 6],
  overlays: [
    { start: 0.5, end: 3, text: "It's 50% off: today" },
    { start: 4, end: 12, text: '三个技巧' },
    { start: 5, end: 5, text: 'empty span' },
  ],
  captions: [],
  audio: { key: 's', durationSec: 10, tempoBpm: 120, energy: 0.5, mood: 'bright' },
};

const options = { width: 360, height: 640, fps: 15, fontFile: '/fonts/Deja Vu.ttf', textDir: '/t' };

describe('buildSandboxVideoGraph', () => {
  const plan = buildSandboxVideoGraph(spec, options);

  it('makes one colour segment per scene, cut on frame boundaries', () => {
    expect(plan.frames).toBe(150);
    // Frames: [0, 38) [38, 90) [90, 150) -> durations (n - 0.5) / fps
    expect(plan.graph).toContain(`color=c=${SCENE_PALETTE[0]}:s=360x640:r=15:d=2.500000`);
    expect(plan.graph).toContain(`color=c=${SCENE_PALETTE[1]}:s=360x640:r=15:d=3.433333`);
    expect(plan.graph).toContain(`color=c=${SCENE_PALETTE[2]}:s=360x640:r=15:d=3.966667`);
    expect(plan.graph).toContain('[s0][s1][s2]concat=n=3:v=1:a=0');
    expect(plan.graph.endsWith('[v]')).toBe(true);
  });

  it('burns drawable overlays from text files and skips undrawable or empty ones', () => {
    expect(plan.textFiles).toEqual([{ path: '/t/overlay-0.txt', text: "It's 50% off:\ntoday" }]);
    expect(plan.skippedOverlays).toBe(1);
    expect(plan.graph).toContain('textfile=/t/overlay-0.txt:expansion=none');
    expect(plan.graph).toContain("enable='between(t,0.500,3.000)'");
    expect(plan.graph).toContain('fontfile=/fonts/Deja Vu.ttf');
  });

  it('keeps neighbouring scene colours far apart', () => {
    const rgb = (hex: string) =>
      [1, 3, 5].map((i) => parseInt(hex.slice(2).slice(i - 1, i + 1), 16));
    SCENE_PALETTE.forEach((colour, index) => {
      const next = SCENE_PALETTE[(index + 1) % SCENE_PALETTE.length];
      const [a, b] = [rgb(colour), rgb(next)];
      const meanAbs = a.reduce((sum, value, channel) => sum + Math.abs(value - b[channel]), 0) / 3;
      expect(meanAbs).toBeGreaterThan(60);
    });
  });
});

describe('filter text helpers', () => {
  it('escapes values for the option and graph parsers', () => {
    expect(escapeFilterValue('/a/b.ttf')).toBe('/a/b.ttf');
    expect(escapeFilterValue("C:\\x's[1],;")).toBe("C\\\\:\\\\\\\\x\\\\\\'s\\[1\\]\\,\\;");
  });

  it('skips scripts the font lacks and strips emoji', () => {
    expect(drawableText('三个技巧')).toBeNull();
    expect(drawableText('Top 3 tips 🔥')).toBe('Top 3 tips');
    expect(drawableText('Café déjà vu — ok')).toBe('Café déjà vu — ok');
    expect(drawableText('  ')).toBeNull();
  });

  it('wraps words to the line length, splitting long words', () => {
    expect(wrapText('one two three four', 9)).toBe('one two\nthree\nfour');
    expect(wrapText('abcdefghijkl', 5)).toBe('abcde\nfghij\nkl');
  });
});

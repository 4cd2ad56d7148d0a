import { SpectrumAnalyzer } from './spectrum';

describe('SpectrumAnalyzer', () => {
  it('matches a direct DFT of the Hann-windowed frame', () => {
    const size = 64;
    const frame = Array.from(
      { length: size },
      (_, n) => Math.sin(n * 0.7) + 0.3 * Math.cos(n * 2.1),
    );
    const analyzer = new SpectrumAnalyzer(size);
    analyzer.analyze(frame);
    const windowed = frame.map(
      (value, n) => value * (0.5 - 0.5 * Math.cos((2 * Math.PI * n) / (size - 1))),
    );
    for (let k = 0; k < size / 2; k += 1) {
      let re = 0;
      let im = 0;
      windowed.forEach((value, n) => {
        re += value * Math.cos((-2 * Math.PI * k * n) / size);
        im += value * Math.sin((-2 * Math.PI * k * n) / size);
      });
      expect(analyzer.amplitude[k]).toBeCloseTo(Math.hypot(re, im), 4);
    }
    const power = windowed.reduce((sum, value) => sum + value * value, 0);
    expect(analyzer.rms).toBeCloseTo(Math.sqrt(power / size), 6);
  });

  it('finds a pure tone in its bin', () => {
    const size = 2048;
    const rate = 22_050;
    const analyzer = new SpectrumAnalyzer(size);
    analyzer.analyze(
      Array.from({ length: size }, (_, n) => Math.sin((2 * Math.PI * 440 * n) / rate)),
    );
    const peak = analyzer.amplitude.indexOf(Math.max(...analyzer.amplitude));
    expect((peak * rate) / size).toBeCloseTo(440, -1);
  });

  it('refuses sizes that are not powers of two', () => {
    expect(() => new SpectrumAnalyzer(1000)).toThrow(RangeError);
  });
});

const { cos, sin, sqrt, PI } = Math;

/**
 * Magnitude spectra of fixed-size frames: a Hann window (the same formula meyda uses) and an
 * iterative radix-2 FFT with precomputed twiddles and bit-reversal, allocation-free per frame.
 * meyda's own FFT allocates objects per butterfly and recomputes twiddles, which made it the
 * slowest part of the audio reading; its feature extractors run on the spectra computed here.
 */
export class SpectrumAnalyzer {
  readonly size: number;
  private readonly window: Float32Array;
  private readonly reversed: Uint32Array;
  private readonly cosTable: Float64Array;
  private readonly sinTable: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  /** The windowed frame of the last `analyze` call (meyda's `signal` input). */
  readonly windowed: Float32Array;
  /** |X[k]| for k < size / 2 of the last `analyze` call (meyda's `ampSpectrum`). */
  readonly amplitude: Float32Array;
  /** RMS of the windowed frame of the last `analyze` call (meyda's `rms`). */
  rms = 0;

  constructor(size: number) {
    if (!Number.isInteger(Math.log2(size)) || size < 2) {
      throw new RangeError(`FFT size must be a power of two, got ${size}`);
    }
    this.size = size;
    this.window = new Float32Array(size);
    for (let i = 0; i < size; i += 1) this.window[i] = 0.5 - 0.5 * cos((2 * PI * i) / (size - 1));
    const bits = Math.log2(size);
    this.reversed = new Uint32Array(size);
    for (let i = 0; i < size; i += 1) {
      let value = 0;
      for (let bit = 0; bit < bits; bit += 1) value = (value << 1) | ((i >>> bit) & 1);
      this.reversed[i] = value;
    }
    this.cosTable = new Float64Array(size / 2);
    this.sinTable = new Float64Array(size / 2);
    for (let k = 0; k < size / 2; k += 1) {
      this.cosTable[k] = cos((-2 * PI * k) / size);
      this.sinTable[k] = sin((-2 * PI * k) / size);
    }
    this.re = new Float64Array(size);
    this.im = new Float64Array(size);
    this.windowed = new Float32Array(size);
    this.amplitude = new Float32Array(size / 2);
  }

  /** Windows `frame` (length `size`) and fills `windowed` and `amplitude`. */
  analyze(frame: ArrayLike<number>): void {
    const { size, window, reversed, re, im, windowed, amplitude, cosTable, sinTable } = this;
    let power = 0;
    for (let i = 0; i < size; i += 1) {
      const value = (frame[i] ?? 0) * window[i];
      windowed[i] = value;
      power += value * value;
      re[reversed[i]] = value;
      im[i] = 0;
    }
    this.rms = sqrt(power / size);
    for (let half = 1; half < size; half <<= 1) {
      const step = size / (half << 1);
      for (let start = 0; start < size; start += half << 1) {
        for (let k = 0; k < half; k += 1) {
          const even = start + k;
          const odd = even + half;
          const wr = cosTable[k * step];
          const wi = sinTable[k * step];
          const tr = wr * re[odd] - wi * im[odd];
          const ti = wr * im[odd] + wi * re[odd];
          re[odd] = re[even] - tr;
          im[odd] = im[even] - ti;
          re[even] += tr;
          im[even] += ti;
        }
      }
    }
    for (let k = 0; k < size / 2; k += 1) amplitude[k] = sqrt(re[k] * re[k] + im[k] * im[k]);
  }
}

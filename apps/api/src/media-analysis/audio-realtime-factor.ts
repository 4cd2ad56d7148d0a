import { readFileSync } from 'node:fs';
import type { AudioAnalysisOptions, AudioAnalyzer } from './audio-analyzer';

export interface AudioRealtimeMeasurement {
  files: number;
  /** Seconds of audio actually analyzed (sum of `analyzedSeconds`). */
  audioSeconds: number;
  wallSeconds: number;
  /** CPU of this process plus its finished children (ffmpeg/ffprobe) when the OS tells. */
  cpuSeconds: number;
  /** Whether `cpuSeconds` includes the ffmpeg children (Linux /proc) or only this process. */
  cpuIncludesChildren: boolean;
  /** Audio seconds analyzed per CPU second (the goal is ≥ 50). */
  realtimeFactor: number;
  /** Audio seconds analyzed per wall second (files one after another). */
  wallRealtimeFactor: number;
}

/**
 * Analyzes `files` one after another and reports how many seconds of audio were read per CPU
 * second, ffmpeg decoding included where the OS reports children's CPU (Linux). For the bench:
 * run it on an otherwise idle process.
 */
export async function measureAudioRealtimeFactor(
  analyzer: AudioAnalyzer,
  files: string[],
  options: AudioAnalysisOptions = {},
): Promise<AudioRealtimeMeasurement> {
  const cpuBefore = cpuSnapshot();
  const wallBefore = process.hrtime.bigint();
  let audioSeconds = 0;
  for (const file of files) {
    const features = await analyzer.analyze(file, options);
    audioSeconds += features.analyzedSeconds;
  }
  const wallSeconds = Number(process.hrtime.bigint() - wallBefore) / 1e9;
  const cpuAfter = cpuSnapshot();
  const cpuSeconds = Math.max(1e-3, cpuAfter.seconds - cpuBefore.seconds);
  return {
    files: files.length,
    audioSeconds: round2(audioSeconds),
    wallSeconds: round2(wallSeconds),
    cpuSeconds: round2(cpuSeconds),
    cpuIncludesChildren: cpuAfter.includesChildren,
    realtimeFactor: round2(audioSeconds / cpuSeconds),
    wallRealtimeFactor: round2(audioSeconds / Math.max(1e-3, wallSeconds)),
  };
}

/**
 * CPU seconds used so far. On Linux, /proc/self/stat fields 14–17 (utime, stime, cutime, cstime,
 * in clock ticks of 1/100 s) include children that have exited and been reaped; elsewhere only
 * this process's CPU is known.
 */
export function cpuSnapshot(): { seconds: number; includesChildren: boolean } {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The command name (field 2) may contain spaces: fields after it start past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); utime is field 14 → index 11.
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    if (Number.isFinite(ticks)) return { seconds: ticks / 100, includesChildren: true };
  } catch {
    // not Linux
  }
  const usage = process.cpuUsage();
  return { seconds: (usage.user + usage.system) / 1e6, includesChildren: false };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

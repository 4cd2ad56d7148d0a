import fs from 'node:fs';

/**
 * CPU time (µs) used so far by this process and by every Postgres process on the machine (the
 * database's backends, whichever server the bench uses), read from /proc: a figure per call
 * that, unlike throughput, does not swing with how the two cores happen to be shared.
 */
export interface CpuReading {
  nodeUs: number;
  postgresUs: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICK_US = 10_000;

function postgresUs(): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      // Fields after "(comm) ": state is [0]; utime and stime are [11] and [12].
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * TICK_US;
}

export function readCpu(): CpuReading {
  const usage = process.cpuUsage();
  return { nodeUs: usage.user + usage.system, postgresUs: postgresUs() };
}

/** CPU per call between two readings: this process's and Postgres's, in µs. */
export function cpuPerCall(before: CpuReading, after: CpuReading, calls: number) {
  return {
    nodeUs: (after.nodeUs - before.nodeUs) / calls,
    postgresUs: (after.postgresUs - before.postgresUs) / calls,
  };
}

import fs from 'node:fs';

/**
 * CPU time (µs) used so far by this process and by every Postgres process on the machine (the
 * database's backends, whichever server the bench uses), read from /proc: a figure per call
 * that, unlike throughput, does not swing with how the two cores happen to be shared.
 */
export interface CpuReading {
  nodeUs: number;
  /** Each Postgres process's CPU so far (µs), by pid. */
  postgres: Map<number, number>;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICK_US = 10_000;

/** A process's name and its utime + stime so far (µs), or null when it has ended. */
function statOf(pid: number | string): { comm: string; cpuUs: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm) ": state is [0]; utime and stime are [11] and [12].
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      cpuUs: (Number(fields[11]) + Number(fields[12])) * TICK_US,
    };
  } catch {
    return null; // the process ended meanwhile
  }
}

/** utime + stime of one process so far (µs), or null when it has ended. */
export function processCpuUs(pid: number): number | null {
  return statOf(pid)?.cpuUs ?? null;
}

function postgresCpuByPid(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(entry);
    if (stat?.comm === 'postgres') byPid.set(Number(entry), stat.cpuUs);
  }
  return byPid;
}

export function readCpu(): CpuReading {
  const usage = process.cpuUsage();
  return { nodeUs: usage.user + usage.system, postgres: postgresCpuByPid() };
}

/**
 * CPU per call between two readings: this process's and Postgres's, in µs. Postgres's is summed
 * per process over those alive at the second reading (a process started in between counts
 * whole). A process that ended in between (a pool closing an idle connection) takes the time it
 * used since the first reading with it, so the figure can only be low by that, never negative
 * (summing the totals instead goes negative when a busy connection closes during a run).
 */
export function cpuPerCall(before: CpuReading, after: CpuReading, calls: number) {
  let postgres = 0;
  for (const [pid, us] of after.postgres) {
    const was = before.postgres.get(pid) ?? 0;
    postgres += us >= was ? us - was : us; // less than before: a new process under a reused pid
  }
  return {
    nodeUs: (after.nodeUs - before.nodeUs) / calls,
    postgresUs: postgres / calls,
  };
}

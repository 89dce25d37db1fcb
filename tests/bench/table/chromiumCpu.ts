// CPU time spent by the Chromium processes (renderer main thread, raster workers, compositor, GPU/viz process), read
// from /proc. Frame times on a shared two-core machine swing with the other processes' load; the CPU a table costs per
// frame swings far less, so the scroll benchmark reports both.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux.

/** CPU milliseconds used so far by each running Chromium process, by pid; undefined where /proc is not readable. */
export function chromiumCpuSnapshot(): Map<string, number> | undefined {
  const used = new Map<string, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) continue;
      // Fields after the command name: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return used;
}

/**
 * CPU milliseconds used between two snapshots by the processes alive at the second one (a process started in between
 * counts from zero); a process that ended in between, such as the renderer of the previous page, is left out rather
 * than subtracted.
 */
export function cpuBetween(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

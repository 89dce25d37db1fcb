// CPU time spent by every Chromium process (renderer main thread, raster workers, compositor, GPU/viz process), read
// from /proc. Frame times on a shared two-core machine swing with the other processes' load; the CPU a table costs per
// frame does not, so the scroll benchmark reports both.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux.

/** Milliseconds of CPU used so far by all running Chromium processes, or undefined where /proc is not readable. */
export function chromiumCpuMs(): number | undefined {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) continue;
        // Fields after the command name: utime and stime are the 12th and 13th.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended between the listing and the read.
      }
    }
  } catch {
    return undefined;
  }
  return ticks * TICK_MS;
}

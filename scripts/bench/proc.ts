// What Linux reports about a running process (/proc): CPU time used and resident memory.
import { readFileSync, readdirSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ), 100 on Linux. */
const CLOCK_TICKS = 100;

/** user+sys CPU milliseconds the process has used so far. */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Counting from the state after the parenthesised command name, utime is the 12th field and stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resident set size in MB. */
export function rssMbOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** The parent pid of each live process. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      map.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // It ended between the listing and the read.
    }
  }
  return map;
}

/** user+sys CPU milliseconds of the process and its live descendants (PostgreSQL's backends, one per connection). */
export function treeCpuMsOf(root: number): number {
  const parentOf = parents();
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parentOf.get(at)) if (at === root) return true;
    return false;
  };
  let total = 0;
  for (const pid of parentOf.keys()) {
    if (!inTree(pid)) continue;
    try {
      total += cpuMsOf(pid);
    } catch {
      // It ended between the listing and the read.
    }
  }
  return total;
}

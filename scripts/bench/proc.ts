// What Linux reports about a running process (/proc): CPU time used and resident memory.
import { readFileSync } from 'node:fs';

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

// A time budget for the statements of one connection. SQLite gives JavaScript no way to stop a
// running statement, but a scan no index serves calls the pattern function on each row it meets
// (sqlite-functions.ts), or the budget term put in a scan with no pattern (whole-scan.ts), and
// each asks the budget, which throws once the time is up: SQLite ends the statement and the error
// reaches the caller.
//
// The time counted is the thread's CPU time, not the clock's: the same query gets the same
// verdict however loaded the machine is, and what is bounded is the work a caller can ask for.
import { QueryTimeoutError } from '../port';

/** Reading the CPU clock is a system call: the function looks at it once per this many rows. */
const ROWS_PER_LOOK = 64;

/** process.threadCpuUsage (Node 22.15 and 23.9 on, so every Node this project runs on), not yet in the Node types used. */
type WithThreadCpu = NodeJS.Process & { threadCpuUsage(): NodeJS.CpuUsage };

function threadCpuMs(): number {
  const { user, system } = (process as WithThreadCpu).threadCpuUsage();
  return (user + system) / 1000;
}

export interface TimeBudget {
  /** Runs `statement` with `ms` of CPU time to spend, counted from its first check (a pattern test or the budget term). */
  within<R>(ms: number, statement: () => R): R;
  /** Throws QueryTimeoutError when the running statement has overrun its budget. */
  check(): void;
}

export function createTimeBudget(): TimeBudget {
  /** The running statement's budget; none outside `within`. */
  let allowed: number | undefined;
  /** Set by the first check, so a statement that tests no pattern never reads the clock. */
  let deadline: number | undefined;
  let calls = 0;
  return {
    within(ms, statement) {
      const outer = { allowed, deadline };
      allowed = ms;
      deadline = undefined;
      try {
        return statement();
      } finally {
        ({ allowed, deadline } = outer);
      }
    },
    check() {
      if (allowed === undefined) return;
      if (deadline === undefined) {
        deadline = threadCpuMs() + allowed;
        return;
      }
      calls += 1;
      if (calls % ROWS_PER_LOOK === 0 && threadCpuMs() > deadline) throw new QueryTimeoutError(allowed);
    },
  };
}

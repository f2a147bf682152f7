// Each measured server on one core and the load generator on another, as issue 29 measured them:
// on two cores an unpinned server shares its core with autocannon, and a Go server such as
// PocketBase spreads over both and takes the generator's, so rates compare machines' scheduling
// rather than servers. `taskset` (util-linux) sets the affinity of every thread a process has; a
// thread made later inherits its creator's. BENCH_PIN=0 leaves the scheduler free.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const SERVER_CORE = 0;
const GENERATOR_CORE = 1;

const canPin = (): boolean => process.env.BENCH_PIN !== '0' && process.platform === 'linux' && availableParallelism() >= 2;

const setAffinity = (pid: number, cores: string): void => {
  execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
};

/** Whether the rows of this run were measured pinned, for the rows' descriptions. */
export const pinningNote = (): string => (canPin() ? `servers on core ${SERVER_CORE}, load generator on core ${GENERATOR_CORE}` : 'unpinned');

/** Runs `measure` with `servers` on one core and this process (autocannon) on another, then frees this process again. */
export async function withPinnedCores<R>({ servers, measure }: { servers: number[]; measure: () => Promise<R> }): Promise<R> {
  if (!canPin()) return measure();
  const all = `0-${availableParallelism() - 1}`;
  for (const pid of servers) setAffinity(pid, String(SERVER_CORE));
  setAffinity(process.pid, String(GENERATOR_CORE));
  try {
    return await measure();
  } finally {
    setAffinity(process.pid, all);
  }
}

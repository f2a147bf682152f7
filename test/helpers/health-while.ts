// How a hostile-input test judges whether requests hold the server: /api/health asked again and
// again beside them (test/database-public/hostile-patterns.test.ts, hostile-input.test.ts).

/** A health check that takes longer than this, at its calmest, means the server was held. */
export const HEALTHY_MS = 100;

/**
 * /api/health asked again and again while the requests of `pending` are out: the time within which
 * half of those checks answered. Not the slowest: this 2-core machine, shared at a load average of
 * 10-15, stalls even an idle process by 100-700 ms now and then, while a server held by the
 * requests keeps every check sent meanwhile waiting for seconds.
 */
export async function healthWhile({ base, pending }: { base: string; pending: Promise<unknown> }): Promise<number> {
  let settled = false;
  const watched = pending.finally(() => {
    settled = true;
  });
  const took: number[] = [];
  do {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.json();
    expect(res.status).toBe(200);
    took.push(performance.now() - started);
  } while (!settled);
  await watched;
  return took.sort((x, y) => x - y)[Math.floor(took.length / 2)];
}

/**
 * The least of up to three measures of `healthWhile`: when the requests end within a few dozen
 * milliseconds, the median is of one or two checks, and one stall of this machine (288 ms in a
 * CI run on FerretDB) decides it. A stall hits one measure, not three in a row, while a server the
 * requests hold is held in each of them.
 */
export async function calmestOf(measure: () => Promise<number>): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && least >= HEALTHY_MS; attempt++) least = Math.min(least, await measure());
  return least;
}

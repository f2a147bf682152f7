// Widgets bench (issue 9): the product server (session, project role, validator, projection,
// rows with owner, collaborators and view limit) answering a project's widgets list searched by
// name, a page of 10, in a project of 10,000 widgets. The floor is the same request in the same
// run to a project of 20 widgets on the same server, so only the size of the project differs.
import { startBenchProcess } from './child-process';
import type { BenchRow } from './bench-row';
import { CONNECTIONS, measureAll } from './load';
import { sessionCookie } from './app-users-data';
import { BIG_PROJECT, SEARCH_WORD, SMALL_PROJECT } from './widgets-data';

const PORT = Number(process.env.BENCH_WIDGETS_PORT ?? 3199);
// The word matches 1,250 of the 10,000 names and 3 of the 20; the second page of 10.
const listPath = (projectId: string): string => `/api/project/${projectId}/component?search=${SEARCH_WORD}&page=2&limit=10`;

export async function runWidgetsBench(): Promise<BenchRow[]> {
  const server = await startBenchProcess('widgets-server.ts', PORT);
  try {
    const [floor, big] = await measureAll({ port: PORT, paths: [listPath(SMALL_PROJECT), listPath(BIG_PROJECT)], headers: { cookie: sessionCookie() } });
    const load = `${CONNECTIONS} connections, signed in`;
    return [
      { name: 'widgets floor', measures: `requests/s, the same list in a project of 20 widgets, ${load}`, value: floor.rps, unit: 'req/s' },
      {
        name: 'widgets list',
        measures: `requests/s, the 2nd page of 10 of 10,000 widgets searched by name (1 in 8 match), ${load}; target 70% of the floor`,
        value: big.rps,
        unit: 'req/s',
        floor: floor.rps,
        target: { atLeast: 0.7 * floor.rps },
      },
      { name: 'widgets list p99', measures: 'p99 latency of the list requests', value: big.p99, unit: 'ms', floor: floor.p99 },
    ];
  } finally {
    server.kill('SIGTERM');
  }
}

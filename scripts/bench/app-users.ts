// App-users bench: the product server (session, ownership, validator, projection) listing the
// 20 newest app users of one platform, filter and sort given as the screen sends them (JSON
// query and sort), in an app of 100,000 users. The floor is the same request in the same run
// to an app of 20 users on the same server, so only the size of the collection differs.
import { startBenchProcess } from './child-process';
import type { BenchRow } from './bench-row';
import { CONNECTIONS, measureAll } from './load';
import { BIG_APP, SMALL_APP, sessionCookie } from './app-users-data';

const PORT = Number(process.env.BENCH_APP_USERS_PORT ?? 3197);
const QUERY = `limit=20&query=${encodeURIComponent(JSON.stringify({ platform: 'wix' }))}&sort=${encodeURIComponent(JSON.stringify({ created: -1 }))}`;
const listPath = (appId: string): string => `/integrations/developer/apps/${appId}/users?${QUERY}`;

export async function runAppUsersBench(): Promise<BenchRow[]> {
  const server = await startBenchProcess('app-users-server.ts', PORT);
  try {
    const [floor, big] = await measureAll({ port: PORT, paths: [listPath(SMALL_APP), listPath(BIG_APP)], headers: { cookie: sessionCookie() } });
    const load = `${CONNECTIONS} connections, signed in`;
    return [
      { name: 'app users floor', measures: `requests/s, the same list in an app of 20 users, ${load}`, value: floor.rps, unit: 'req/s' },
      {
        name: 'app users list',
        measures: `requests/s, 20 newest of 100,000 app users by platform, query + sort JSON, ${load}; target 70% of the floor`,
        value: big.rps,
        unit: 'req/s',
        floor: floor.rps,
        target: { atLeast: 0.7 * floor.rps },
      },
      { name: 'app users list p99', measures: 'p99 latency of the list requests', value: big.p99, unit: 'ms', floor: floor.p99 },
    ];
  } finally {
    server.kill('SIGTERM');
  }
}

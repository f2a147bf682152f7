// Billing plans bench (issue 11): GET /nindo/api/getPaymentPlans/widgets_bundle on the product
// server (session, validator, projection, plans and feature definitions from the store), signed
// out as the pricing page's visitors are and signed in (the caller's name and current plan
// looked up too). The floor of the 70% target is GET /api/health on the same server in the same
// run: the product pipeline (session, headers, validator, projection) answering small JSON, so the
// ratio is what the plans add; the bare Express + validator floor is shown beside it (the
// pipeline alone is far from it on this machine, docs/database.md "Speed").
import { startBenchProcess } from './child-process';
import type { BenchRow } from './bench-row';
import { CONNECTIONS, measureTargets } from './load';
import { sessionCookie } from './app-users-data';

const PORT = Number(process.env.BENCH_BILLING_PLANS_PORT ?? 3205);
const PLANS_PATH = '/nindo/api/getPaymentPlans/widgets_bundle';

export async function runBillingPlansBench(): Promise<BenchRow[]> {
  const server = await startBenchProcess('billing-plans-server.ts', PORT);
  try {
    const pid = server.pid ?? 0;
    const cookie = { cookie: sessionCookie() };
    const [bare, floor, signedInFloor, visitor, signedIn] = await measureTargets({
      targets: [
        { port: PORT + 1, path: '/bench/floor?owner=owner-42' },
        { port: PORT, path: '/api/health' },
        { port: PORT, path: '/api/health', headers: cookie },
        { port: PORT, path: PLANS_PATH },
        { port: PORT, path: PLANS_PATH, headers: cookie },
      ],
      pid,
    });
    return [
      { name: 'plans bare floor', measures: `requests/s, bare Express + validator answering a fixed list of 20, ${CONNECTIONS} connections`, value: bare.rps, unit: 'req/s' },
      { name: 'plans floor', measures: `requests/s, the product server's GET /api/health, ${CONNECTIONS} connections`, value: floor.rps, unit: 'req/s' },
      { name: 'plans floor p99', measures: 'p99 latency of the floor requests', value: floor.p99, unit: 'ms' },
      { name: 'plans visitor', measures: `requests/s, getPaymentPlans/widgets_bundle signed out, ${CONNECTIONS} connections; target 70% of the floor`, value: visitor.rps, unit: 'req/s', floor: floor.rps, target: { atLeast: 0.7 * floor.rps } },
      { name: 'plans visitor p99', measures: 'p99 latency of the signed-out plan requests', value: visitor.p99, unit: 'ms', floor: floor.p99 },
      { name: 'plans signed-in floor', measures: `requests/s, the product server's GET /api/health signed in (session read), ${CONNECTIONS} connections`, value: signedInFloor.rps, unit: 'req/s' },
      { name: 'plans signed in', measures: `requests/s, the same signed in (name and current plan among 10,000 subscriptions), ${CONNECTIONS} connections; target 70% of the signed-in floor`, value: signedIn.rps, unit: 'req/s', floor: signedInFloor.rps, target: { atLeast: 0.7 * signedInFloor.rps } },
      { name: 'plans signed in p99', measures: 'p99 latency of the signed-in plan requests', value: signedIn.p99, unit: 'ms', floor: signedInFloor.p99 },
      { name: 'plans CPU', measures: 'CPU µs the server spent per signed-out plans request, all rounds; floor: the floor\'s', value: visitor.cpuUs ?? 0, unit: 'µs/req', floor: floor.cpuUs },
      { name: 'plans signed-in CPU', measures: 'CPU µs the server spent per signed-in plans request; floor: the signed-in floor\'s', value: signedIn.cpuUs ?? 0, unit: 'µs/req', floor: signedInFloor.cpuUs },
    ];
  } finally {
    server.kill('SIGTERM');
  }
}

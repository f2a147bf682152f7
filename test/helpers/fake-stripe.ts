// A stand-in for Stripe's API on a local port, for suites that run the real Stripe adapter
// (config.payments.stripeApiBase): every create answers a new id, reads and deletes echo the id,
// and `refuse` makes every call fail the way Stripe refuses a request.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripe {
  /** "METHOD /v1/path" of every call, in order. */
  calls: string[];
  refuse: boolean;
  url: () => string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

const PREFIXES: Record<string, string> = { products: 'prod', prices: 'price', coupons: 'co', promotion_codes: 'promo' };

export function fakeStripe(): FakeStripe {
  let server: Server | undefined;
  let created = 0;
  const fake: FakeStripe = {
    calls: [],
    refuse: false,
    url: () => `http://127.0.0.1:${(server?.address() as AddressInfo).port}`,
    start: () =>
      new Promise((resolve) => {
        server = createServer((req, res) => {
          req.resume();
          req.on('end', () => {
            const path = (req.url ?? '').split('?')[0];
            fake.calls.push(`${req.method} ${path}`);
            const [, , resource = '', id] = path.split('/');
            res.setHeader('Content-Type', 'application/json');
            if (fake.refuse) {
              res.statusCode = 400;
              res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Refused by the fake' } }));
              return;
            }
            const object = resource.replace(/s$/, '');
            created += 1;
            const answerId = id ?? `${PREFIXES[resource] ?? resource}_${created}`;
            res.end(JSON.stringify({ id: answerId, object, product: 'prod_fake', ...(req.method === 'DELETE' ? { deleted: true } : {}) }));
          });
        });
        server.listen(0, '127.0.0.1', () => resolve());
      }),
    stop: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
  return fake;
}

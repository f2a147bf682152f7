// Starts stripe-mock (scripts/peers/stripe-mock.sh, built from the Go module proxy on first use):
// for one jest file, or for a runner (the e2e server's STRIPE_API_BASE).
//
// stripe-mock keeps no state, but it answers every create with a new id (prod_..., price_...,
// promo_..., a coupon id) and echoes the scalar parameters it was sent, so suites that store what
// Stripe created (two prices of one plan, a coupon and its promotion code) run on it unchanged.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startRecordingProxy } from '../fixtures/recording-proxy';
import type { RecordedRequest, RecordingProxy } from '../fixtures/recording-proxy';
import { withTestApp } from './test-app';
import type { TestApp } from './test-app';

const run = promisify(execFile);
const SCRIPT = join(__dirname, '..', '..', 'scripts', 'peers', 'stripe-mock.sh');
/** A first build compiles stripe-mock and its dependencies: about 90 s on two cores. */
const START_TIMEOUT_MS = 600_000;

export interface RunningStripeMock {
  /** The API base, as STRIPE_API_BASE takes it. */
  url: string;
  stop: () => Promise<void>;
}

export async function startStripeMock(): Promise<RunningStripeMock> {
  const runDir = mkdtempSync(join(tmpdir(), 'nindo-stripe-mock-'));
  const { stdout } = await run(SCRIPT, ['start', runDir], { timeout: START_TIMEOUT_MS });
  return {
    url: stdout.trim().split('\n').pop() ?? '',
    stop: async () => {
      await run(SCRIPT, ['stop', runDir]);
    },
  };
}

export interface StripeMock {
  /** The API base, as STRIPE_API_BASE takes it. */
  readonly url: string;
}

/** Registers beforeAll/afterAll hooks; read `url` inside tests. */
export function withStripeMock(): StripeMock {
  let running: RunningStripeMock | undefined;
  beforeAll(async () => {
    running = await startStripeMock();
  }, START_TIMEOUT_MS);
  afterAll(() => running?.stop());
  return {
    get url() {
      return running?.url ?? '';
    },
  };
}

export interface RecordedStripeMock extends StripeMock {
  /** Every request that reached stripe-mock, in order, with its status. */
  readonly requests: RecordedRequest[];
  /** "METHOD /v1/path" of every request, in order. */
  sent: () => string[];
}

/** stripe-mock behind a pass-through recording proxy: `url` is the proxy's. */
export function withRecordedStripeMock(): RecordedStripeMock {
  const stripeMock = withStripeMock();
  let proxy: RecordingProxy | undefined;
  beforeAll(async () => {
    proxy = await startRecordingProxy({ target: () => stripeMock.url });
  });
  afterAll(() => proxy?.close());
  const requests = (): RecordedRequest[] => proxy?.requests ?? [];
  return {
    get url() {
      return proxy?.url ?? '';
    },
    get requests() {
      return requests();
    },
    sent: () => requests().map(({ method, path }) => `${method} ${path}`),
  };
}

/** A test app whose Stripe calls go to a recorded stripe-mock and whose Paddle calls fail (nothing listens). */
export function withStripeMockApp(): { stripe: RecordedStripeMock; t: TestApp } {
  const stripe = withRecordedStripeMock();
  const payments = { stripeApiBase: '', paddleApiBase: 'http://127.0.0.1:9' };
  beforeAll(() => {
    payments.stripeApiBase = stripe.url;
  });
  return { stripe, t: withTestApp({ config: { payments } }) };
}

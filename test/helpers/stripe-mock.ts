// Starts stripe-mock (scripts/peers/stripe-mock.sh, built from the Go module proxy on first use)
// for one jest file and stops it after.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = join(__dirname, '..', '..', 'scripts', 'peers', 'stripe-mock.sh');
/** A first build compiles stripe-mock and its dependencies: about 90 s on two cores. */
const START_TIMEOUT_MS = 600_000;

export interface StripeMock {
  /** The API base, as STRIPE_API_BASE takes it. */
  readonly url: string;
}

/** Registers beforeAll/afterAll hooks; read `url` inside tests. */
export function withStripeMock(): StripeMock {
  let url = '';
  const runDir = mkdtempSync(join(tmpdir(), 'nindo-stripe-mock-'));
  beforeAll(async () => {
    const { stdout } = await run(SCRIPT, ['start', runDir], { timeout: START_TIMEOUT_MS });
    url = stdout.trim().split('\n').pop() ?? '';
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await run(SCRIPT, ['stop', runDir]);
  });
  return {
    get url() {
      return url;
    },
  };
}

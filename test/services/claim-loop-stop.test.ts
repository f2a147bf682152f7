// A worker's stop settles once its work is over, even when it comes while the loop is claiming:
// the loop must not go to sleep for its idle poll after a stop it could not be nudged out of.
import type { AppContext } from '../../server/context';
import { startClaimLoop } from '../../server/services/claim-loop';
import type { ClaimLoop } from '../../server/services/claim-loop';
import { createWake } from '../../server/services/queue-wake';

const IDLE_POLL_MS = 60_000;

it('settles a stop that comes during an empty claim without waiting for the idle poll', async () => {
  let claimed: () => void = () => undefined;
  const claiming = new Promise<void>((resolve) => (claimed = resolve));
  let answer: (items: string[]) => void = () => undefined;
  const loop: ClaimLoop<string> = {
    name: 'Test',
    batch: 1,
    idlePollMs: IDLE_POLL_MS,
    wake: createWake(),
    claim: () =>
      new Promise<string[]>((resolve) => {
        answer = resolve;
        claimed();
      }),
    run: async () => undefined,
    leaseOf: () => undefined,
  };
  const stop = startClaimLoop({ ctx: {} as AppContext, loop });
  await claiming;
  const stopped = stop();
  answer([]);
  const settled = await Promise.race([stopped.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000).unref())]);
  expect(settled).toBe('settled');
});

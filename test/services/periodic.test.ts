// A background chore on a timer (the prunes, the session sweep, the event fold, the count flush): its
// stop settles once the run under way is over, so a server's stop never closes the store under it;
// runs never overlap; a failed run is logged and the next tick runs again.
import { startPeriodic } from '../../server/services/periodic';
import { log } from '../../server/observability/log';

const EVERY_MS = 20;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A run that stays under way until released; counts its starts and the most under way at once. */
function gatedRun(): { run: () => Promise<void>; release: () => void; starts: () => number; most: () => number } {
  let release = (): void => undefined;
  let starts = 0;
  let underWay = 0;
  let most = 0;
  const run = async (): Promise<void> => {
    starts += 1;
    underWay += 1;
    most = Math.max(most, underWay);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    underWay -= 1;
  };
  return { run, release: () => release(), starts: () => starts, most: () => most };
}

it('settles its stop only once the run under way is over', async () => {
  const gated = gatedRun();
  const stop = startPeriodic({ everyMs: EVERY_MS, run: gated.run, failed: 'Chore failed' });
  while (gated.starts() === 0) await pause(EVERY_MS);
  let stopped = false;
  const stopping = stop().then(() => {
    stopped = true;
  });
  await pause(5 * EVERY_MS);
  expect(stopped).toBe(false);
  gated.release();
  await stopping;
  expect(stopped).toBe(true);
  expect(gated.starts()).toBe(1);
});

it('starts no run while one is under way, however many ticks pass', async () => {
  const gated = gatedRun();
  const stop = startPeriodic({ everyMs: EVERY_MS, run: gated.run, failed: 'Chore failed' });
  while (gated.starts() === 0) await pause(EVERY_MS);
  await pause(10 * EVERY_MS);
  expect(gated.starts()).toBe(1);
  gated.release();
  while (gated.starts() < 2) await pause(EVERY_MS);
  gated.release();
  await stop();
  expect(gated.most()).toBe(1);
});

it('logs a failed run by its name and runs again at the next tick', async () => {
  const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
  let runs = 0;
  const stop = startPeriodic({
    everyMs: EVERY_MS,
    run: async () => {
      runs += 1;
      if (runs === 1) throw new Error('store unreachable');
    },
    failed: 'Chore failed',
  });
  try {
    while (runs < 2) await pause(EVERY_MS);
    await stop();
    expect(logged).toHaveBeenCalledWith({ err: new Error('store unreachable') }, 'Chore failed');
    expect(logged).toHaveBeenCalledTimes(1);
  } finally {
    logged.mockRestore();
  }
});

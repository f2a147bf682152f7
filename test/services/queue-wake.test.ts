// A worker reads the wake's nudges before it looks for work and sleeps from them: work queued (or
// a stop) while it looked found nobody asleep, and must still end its next sleep at once.
import { createWake } from '../../server/services/queue-wake';

const LONG_MS = 60_000;

/** 'woke' when the sleep ends within 200 ms, else 'asleep' (the sleep's own timer is far longer). */
const within200ms = (sleep: Promise<void>): Promise<string> =>
  Promise.race([sleep.then(() => 'woke'), new Promise<string>((resolve) => setTimeout(() => resolve('asleep'), 200).unref())]);

it.each<[string, (wake: ReturnType<typeof createWake>) => Promise<void>, string]>([
  ['a nudge while the worker looked ends its next sleep at once', (wake) => {
    const seen = wake.nudges();
    wake.nudge();
    return wake.sleep(LONG_MS, seen);
  }, 'woke'],
  ['a nudge before the worker looked does not end its sleep', (wake) => {
    wake.nudge();
    return wake.sleep(LONG_MS, wake.nudges());
  }, 'asleep'],
  ['a nudge while asleep ends the sleep', (wake) => {
    const sleep = wake.sleep(LONG_MS, wake.nudges());
    wake.nudge();
    return sleep;
  }, 'woke'],
])('%s', async (_name, act, expected) => {
  const wake = createWake();
  expect(await within200ms(act(wake))).toBe(expected);
  wake.nudge();
});

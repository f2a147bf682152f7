// Wake-up of the delivery worker when an event is queued here (see queue-wake.ts).
import { createWake } from '../queue-wake';

const wake = createWake();

export const nudgeWorkers = (): void => wake.nudge();

/** Resolves after `ms`, or earlier when nudged. */
export const sleepUntilNudged = (ms: number): Promise<void> => wake.sleep(ms);

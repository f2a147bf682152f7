// Wake-up of the job worker when a job is queued here (see queue-wake.ts).
import { createWake } from '../../queue-wake';

export const jobWake = createWake();

export const nudgeJobWorkers = (): void => jobWake.nudge();

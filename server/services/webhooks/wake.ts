// Wake-up of the delivery worker when an event is queued here (see queue-wake.ts).
import { createWake } from '../queue-wake';

export const deliveryWake = createWake();

export const nudgeWorkers = (): void => deliveryWake.nudge();

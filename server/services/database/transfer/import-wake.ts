// Wake-up of the import worker when an import is queued here (see queue-wake.ts).
import { createWake } from '../../queue-wake';

export const importWake = createWake();

export const nudgeImportWorkers = (): void => importWake.nudge();

// Bounds of a batch (issue 28, item 4): operations per call.
export const BATCH_MAX_OPERATIONS = 100;

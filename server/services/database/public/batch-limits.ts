// Bounds of a batch (issue 28, item 4): operations per call, and the relation ids its bodies may
// name together (issue 36, item 3), each of which a relation check looks up.
export const BATCH_MAX_OPERATIONS = 100;
export const BATCH_MAX_RELATION_IDS = 20_000;

export const batchRelationsMessage = (carried: number): string =>
  `A batch may name at most ${BATCH_MAX_RELATION_IDS.toLocaleString('en-US')} related document ids in all; this one names ${carried.toLocaleString('en-US')}`;

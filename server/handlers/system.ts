import type { GetHealthData, GetHealthResponse, GetReadinessData, GetReadinessResponse } from '../../generated/client/types.gen';
import { handler } from '../http/handler';
import { AppError } from '../http/errors';
import { STORE_LEASES } from '../schema-evolution/store-lease';

const READY_WITHIN_MS = 2_000;

export const getHealth = handler<GetHealthData, GetHealthResponse>(async ({ ctx }) => ({
  data: { status: 'ok', engine: ctx.store.engine, brand: ctx.config.brand },
}));

/** One indexed read of the store, bounded in time: a store that hangs makes the instance unready, not the probe. */
export const getReadiness = handler<GetReadinessData, GetReadinessResponse>(async ({ ctx }) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError(503, 'The store did not answer in time')), READY_WITHIN_MS);
  });
  try {
    await Promise.race([ctx.store.collection(STORE_LEASES).findOne({ _id: 'readiness-probe' }), late]);
  } catch (err) {
    throw err instanceof AppError ? err : new AppError(503, 'The store is not answering');
  } finally {
    clearTimeout(timer);
  }
  return { data: { status: 'ok', engine: ctx.store.engine, brand: ctx.config.brand } };
});

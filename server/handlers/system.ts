import type { GetHealthData, GetHealthResponse } from '../../generated/client/types.gen';
import { handler } from '../http/handler';

export const getHealth = handler<GetHealthData, GetHealthResponse>(async ({ ctx }) => ({
  data: { status: 'ok', engine: ctx.store.engine, brand: ctx.config.brand },
}));

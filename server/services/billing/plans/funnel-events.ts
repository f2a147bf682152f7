// POST /api/funnelEvent: steps of the pricing and checkout funnel, kept for analysis. The spec
// leaves the event types open, so any short name is stored as sent.
import { randomUUID } from 'node:crypto';
import type { FunnelEventBody } from '../../../../generated/client/types.gen';
import type { AppContext } from '../../../context';

export interface FunnelEventDoc extends FunnelEventBody {
  _id: string;
  type: string;
  userId?: string;
  created: string;
  [key: string]: unknown;
}

export const funnelEvents = (ctx: AppContext) => ctx.store.collection<FunnelEventDoc>('billing_funnel_events');

export async function recordFunnelEvent({ ctx, type, userId, details }: { ctx: AppContext; type: string; userId?: string; details?: FunnelEventBody }): Promise<void> {
  await funnelEvents(ctx).insertOne({ ...details, _id: randomUUID(), type, ...(userId ? { userId } : {}), created: ctx.now().toISOString() });
}

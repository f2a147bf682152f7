// Funnel events (POST /api/funnelEvent?type=): fire and forget, errors ignored (spec 002 section 7).
import { recordFunnelEvent } from '../../../../../generated/client/sdk.gen';
import type { FunnelEventBody } from '../../../../../generated/client/types.gen';

export function trackFunnel({ type, body }: { type: string; body?: FunnelEventBody }): void {
  recordFunnelEvent({ query: { type }, body }).catch(() => undefined);
}

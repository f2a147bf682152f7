// The rules of the connect block (spec 001 sections 4 and 5), apart from the screen.
import type { PlanConnection, PricingVariant } from '../../../../../../generated/client/types.gen';
import { PAYMENT_TEXTS } from '../texts';
import { needsPlanIds } from './providers';

/** Why a provider cannot be connected now, in the spec's order, or nothing. */
export function connectBlock({ providers, prices, dirty }: { providers: number; prices: number; dirty: boolean }): string | undefined {
  if (providers === 0) return PAYMENT_TEXTS.noIntegration;
  if (prices === 0) return PAYMENT_TEXTS.noPrice;
  if (dirty) return PAYMENT_TEXTS.unsaved;
  return undefined;
}

/** The typed provider plan ids, trimmed, empty ones left out. */
export function pricingToPlanMap(typed: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(typed).map(([id, value]) => [id, value.trim()]).filter(([, value]) => value));
}

/** 'Please add a plan ID for each pricing plan you defined.' when a provider needs one per price and one is missing. */
export function planIdsError({ platform, variants, map }: { platform: string; variants: ReadonlyArray<Pick<PricingVariant, 'id'>>; map: Record<string, string> }): string | undefined {
  return needsPlanIds(platform) && variants.some((v) => !map[v.id]) ? PAYMENT_TEXTS.planIdsNeeded : undefined;
}

/** The platforms a plan is connected to, in first-seen order. */
export const connectedPlatforms = (connections: ReadonlyArray<PlanConnection>): string[] => [...new Set(connections.map((c) => c.platform))];

// The permission model: a read_ and a write_ scope per store area (spec 000 section 3).
import type { AppScope } from '../../../generated/client/types.gen';

export const SCOPE_AREAS = [
  'products',
  'content',
  'customers',
  'orders',
  'marketing_events',
  'themes',
  'store_info',
  'shipping',
  'discounts',
  'scripts',
  'storefront',
] as const;

export const ALL_SCOPES: AppScope[] = SCOPE_AREAS.flatMap((area) => [`read_${area}`, `write_${area}`] as AppScope[]);

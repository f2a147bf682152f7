// Integration tabs (spec 000 section 2) and the platform tag each one lists.
import type { IntegrationPlatform } from '../../../../../generated/client/types.gen';

export type PlatformTag = IntegrationPlatform['tags'][number];

export const INTEGRATION_TABS: ReadonlyArray<{ slug: PlatformTag; label: string }> = [
  { slug: 'ecommerce', label: 'E-Commerce' },
  { slug: 'payments', label: 'Payments' },
  { slug: 'storage', label: 'Storage' },
];

export const tabOf = (slug?: string): PlatformTag => INTEGRATION_TABS.find((t) => t.slug === slug)?.slug ?? 'ecommerce';

/** The platforms of one tab, highest order first. */
export function platformsOf(platforms: ReadonlyArray<IntegrationPlatform>, tag: PlatformTag): IntegrationPlatform[] {
  return platforms.filter((p) => p.tags.includes(tag)).sort((a, b) => b.order - a.order);
}

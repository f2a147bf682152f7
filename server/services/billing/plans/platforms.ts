// Vendor and platform variants of the pricing page show only the plans and features their
// platform supports (spec 002 section 6). A plan or feature without a list is on every platform.

/** Vendor values that mean "no vendor" (spec 002 section 2). */
const NO_VENDOR = new Set(['nindo', 'website']);

export const vendorOrNone = (vendor: string | undefined): string | undefined =>
  vendor === undefined || vendor === '' || NO_VENDOR.has(vendor) ? undefined : vendor;

/** The platforms a page asks for: its vendor (when it is one) and its platform. */
export const requestedPlatforms = ({ vendor, platform }: { vendor?: string; platform?: string }): string[] =>
  [vendorOrNone(vendor), platform || undefined].filter((one): one is string => one !== undefined);

export const supportsAll = ({ supported, platforms }: { supported?: readonly string[]; platforms: readonly string[] }): boolean =>
  supported === undefined || supported.length === 0 || platforms.every((platform) => supported.includes(platform));

// Who sent a batch, as the counts of people see it (docs/widget-analytics.md, "People, not
// requests"): the visitor the embed runtime names (`visitorId`, checked by the document's pattern)
// or, without one, the client address as every per-address limit keys it (http/client-address.ts:
// a hash, an IPv6 address by its /64).

/** The visitor a batch counts for: its visitorId, or the address (its addressKey) standing for one. */
export const visitorKey = ({ visitorId, address }: { visitorId: string | undefined; address: string }): string => (visitorId ? `v${visitorId}` : address);

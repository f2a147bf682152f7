// Who sent a batch, as the counts of people see it (docs/widget-analytics.md, "People, not
// requests"): the visitor the embed runtime names (`visitorId`, checked by the document's pattern)
// or, without one, the client address; and the address's key for the per-address caps. Addresses
// are kept only as hashes, and an IPv6 address as its /64: one subscriber commonly holds a whole
// /64, so keying by the full address would let one machine be 2^64 addresses.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

const hashOf = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** The eight groups of an IPv6 address, '::' expanded; an IPv4-mapped tail counts as two groups. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const split = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const [left, right] = [split(head), split(tail ?? '')];
  const missing = Math.max(0, 8 - left.length - right.length - (address.includes('.') ? 1 : 0));
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** The address as the caps count it: an IPv4 address whole (also IPv4-mapped IPv6), an IPv6 address by its /64. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return `a${hashOf(mapped[1])}`;
  if (isIP(address) === 6) return `a${hashOf(ipv6Groups(address).slice(0, 4).join(':'))}`;
  return `a${hashOf(address)}`;
}

/** The visitor a batch counts for: its visitorId, or the address standing for one. */
export const visitorKey = ({ visitorId, address }: { visitorId: string | undefined; address: string }): string => (visitorId ? `v${visitorId}` : addressKey(address));

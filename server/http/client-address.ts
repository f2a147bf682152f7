// The client address as every per-address limit counts it (logins, sign-ups, password resets,
// confirmation mails, widget events, votes, OAuth code exchanges): one function, so no limit can
// key on the raw address again. An IPv4 address counts whole (also in its IPv4-mapped IPv6 form);
// an IPv6 address counts by its /64, since one subscriber commonly holds a whole /64 (RFC 6177),
// so keying by the full address would give one machine 2^64 fresh limits. Keys are hashes: the
// stored limit logs and visitor counts never hold an address.
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

/** What addressKey answers: a limit that takes one cannot be handed a raw address by mistake. */
export type AddressKey = string & { readonly addressKey: true };

const keyOf = (text: string): AddressKey => `a${hashOf(text)}` as AddressKey;

/** The key of the address (`req.ip`) for every per-address limit: IPv4 whole, IPv6 by its /64, hashed. */
export function addressKey(address: string): AddressKey {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return keyOf(mapped[1]);
  if (isIP(address) === 6) return keyOf(ipv6Groups(address).slice(0, 4).join(':'));
  return keyOf(address);
}

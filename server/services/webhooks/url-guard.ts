// SSRF guard: webhooks go only to https URLs whose resolved address is public. The same
// check runs when a URL is saved (for early feedback on literals) and inside the
// connection's DNS lookup (so a name that later resolves elsewhere is still refused).
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AppContext } from '../../context';
import { ValidationError } from '../../http/errors';

export const HTTPS_ONLY = 'Invalid URL, must start with https://';
export const PUBLIC_ONLY = 'Invalid URL, the address must be public';

/** Only plain unicast space passes: not loopback, private, link-local (metadata), CGNAT, reserved, mapped or translated forms. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or null for a name. */
export const ipLiteral = (hostname: string): string | null => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? bare : null;
};

const isLocalName = (hostname: string): boolean => hostname === 'localhost' || hostname.endsWith('.localhost');

export function checkWebhookUrl({ ctx, url }: { ctx: AppContext; url: string }): string {
  const trimmed = url.trim();
  if (!trimmed.toLowerCase().startsWith('https://') || !URL.canParse(trimmed)) {
    throw new ValidationError(HTTPS_ONLY, { url: HTTPS_ONLY });
  }
  if (ctx.config.webhooksAllowPrivate) return trimmed;
  const { hostname } = new URL(trimmed);
  const literal = ipLiteral(hostname);
  if (isLocalName(hostname) || (literal && !isPublicAddress(literal))) {
    throw new ValidationError(PUBLIC_ONLY, { url: PUBLIC_ONLY });
  }
  return trimmed;
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
  constructor(address: string) {
    super(`Blocked: ${address} is not a public address`);
    this.name = 'BlockedAddressError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A drop-in `lookup` for http agents that only ever connects to public addresses. */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const allowed = addresses.filter((a) => isPublicAddress(a.address));
    if (allowed.length === 0) return callback(new BlockedAddressError(addresses[0]?.address ?? hostname), []);
    if (options.all) return callback(null, allowed);
    const first = allowed[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

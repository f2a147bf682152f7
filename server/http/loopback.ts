// Whether a request comes from the server's own machine. The socket peer must be loopback;
// behind TRUST_PROXY the forwarded client address (req.ip) must be too, and without it a
// request that a proxy relayed (forwarding headers present) is not trusted, since a proxy on
// the same host makes every visitor's socket look local.
import { isIP } from 'node:net';
import type { Request } from 'express';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

export function isLoopbackRequest({ req, trustProxy }: { req: Pick<Request, 'ip' | 'socket' | 'headers'>; trustProxy: boolean }): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  if (trustProxy) return isLoopbackAddress(req.ip);
  return FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
}

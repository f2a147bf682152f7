// Standard Webhooks signing: v1,base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), where
// key is the base64 part of the whsec_ secret. One signature per active secret (rotation).
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export const newSigningSecret = (): string => `${PREFIX}${randomBytes(24).toString('base64')}`;

const keyOf = (secret: string): Buffer => Buffer.from(secret.slice(PREFIX.length), 'base64');

export function signatureHeaders({
  id,
  timestamp,
  body,
  secrets,
}: {
  id: string;
  timestamp: Date;
  body: string;
  secrets: string[];
}): Record<string, string> {
  const seconds = Math.floor(timestamp.getTime() / 1000).toString();
  const signed = `${id}.${seconds}.${body}`;
  const signatures = secrets.map((s) => `v1,${createHmac('sha256', keyOf(s)).update(signed).digest('base64')}`);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': seconds,
    'webhook-signature': signatures.join(' '),
  };
}

// Encrypts small secrets at rest (TOTP secrets, app secrets, integration credentials)
// with AES-256-GCM. The key is derived from ENCRYPTION_KEY with HKDF, so any length of
// setting works and the raw setting is never used as a key directly.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const deriveKey = (encryptionKey: string): Buffer =>
  Buffer.from(hkdfSync('sha256', encryptionKey, 'nindo.secret-box', 'aes-256-gcm', 32));

/** Returns "v1.<base64url(iv | tag | ciphertext)>". */
export function sealSecret({ key, plaintext }: { key: string; plaintext: string }): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(key), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** Reverses sealSecret; throws when the value was tampered with or sealed with another key. */
export function openSecret({ key, sealed }: { key: string; sealed: string }): string {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new Error('Unknown sealed secret format');
  const raw = Buffer.from(payload, 'base64url');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(key), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

// age's X25519 keys as text (https://age-encryption.org/v1): a secret key "AGE-SECRET-KEY-1..."
// and its public key "age1...", both Bech32 (BIP 173) of the 32 raw bytes. BACKUP_ENCRYPTION_KEY
// is one of them (docs/backups-and-restarts.md).
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const SECRET_HRP = 'age-secret-key-';
const PUBLIC_HRP = 'age';
/** DER prefixes of an X25519 key of 32 raw bytes: PKCS #8 (secret) and SubjectPublicKeyInfo (public). */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');

export class BackupKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupKeyError';
  }
}

function polymod(values: number[]): number {
  let check = 1;
  for (const value of values) {
    const top = check >>> 25;
    check = ((check & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit += 1) if ((top >>> bit) & 1) check ^= GENERATOR[bit];
  }
  return check >>> 0;
}

const expandHrp = (hrp: string): number[] => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

function regroup({ data, from, to, pad }: { data: Iterable<number>; from: number; to: number; pad: boolean }): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & ((1 << to) - 1));
    }
  }
  if (pad && bits > 0) out.push((acc << (to - bits)) & ((1 << to) - 1));
  else if (!pad && (bits >= from || ((acc << (to - bits)) & ((1 << to) - 1)) !== 0)) return null;
  return out;
}

function bech32Encode(hrp: string, bytes: Buffer): string {
  const data = regroup({ data: bytes, from: 8, to: 5, pad: true }) ?? [];
  const mod = polymod([...expandHrp(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((value) => CHARSET[value]).join('')}`;
}

/** The 32 bytes of a Bech32 text with this prefix, or null when it is not one (checksum included). */
function bech32Decode(text: string, hrp: string): Buffer | null {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return null;
  const lower = text.toLowerCase();
  const split = lower.lastIndexOf('1');
  if (lower.slice(0, split) !== hrp) return null;
  const values = [...lower.slice(split + 1)].map((c) => CHARSET.indexOf(c));
  if (values.length < 6 || values.includes(-1) || polymod([...expandHrp(hrp), ...values]) !== 1) return null;
  const bytes = regroup({ data: values.slice(0, -6), from: 5, to: 8, pad: false });
  return bytes?.length === 32 ? Buffer.from(bytes) : null;
}

export const publicKeyFromRaw = (raw: Buffer): KeyObject => createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
export const rawPublicKey = (key: KeyObject): Buffer => key.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);

/** What BACKUP_ENCRYPTION_KEY gives: always whom to encrypt for; the secret key only when given one (needed to restore). */
export interface BackupKey {
  recipient: Buffer;
  identity?: KeyObject;
}

/**
 * Reads an age key: the secret key, or only the public key (the server can then write backups it
 * cannot read). The text of an age-keygen file is accepted whole: its "#" comment lines are skipped.
 */
export function parseBackupKey(text: string, setting = 'BACKUP_ENCRYPTION_KEY'): BackupKey {
  const key = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .pop() ?? '';
  const secret = bech32Decode(key, SECRET_HRP);
  if (secret) {
    const identity = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, secret]), format: 'der', type: 'pkcs8' });
    return { recipient: rawPublicKey(createPublicKey(identity)), identity };
  }
  const recipient = bech32Decode(key, PUBLIC_HRP);
  if (recipient) return { recipient };
  throw new BackupKeyError(`${setting} must be an age key: a secret key AGE-SECRET-KEY-1... or a public key age1... (make one with age-keygen, or npm run backup -- --new-key)`);
}

/** A new age key pair as text: the secret key and its public key. */
export function newBackupKey(): { secretKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  const secret = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length);
  return { secretKey: bech32Encode(SECRET_HRP, secret).toUpperCase(), publicKey: bech32Encode(PUBLIC_HRP, rawPublicKey(publicKey)) };
}

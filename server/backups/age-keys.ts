// age's X25519 keys as text (https://age-encryption.org/v1): a secret key "AGE-SECRET-KEY-1..."
// and its public key "age1...". BACKUP_ENCRYPTION_KEY is one of them; age-encryption (the
// reference TypeScript implementation by age's author) reads and makes them
// (docs/backups-and-restarts.md).
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';
import { BackupKeyError } from './backup-key-error';

export { BackupKeyError };

/**
 * What BACKUP_ENCRYPTION_KEY gives: always whom to encrypt for (the age1... key, or the secret key,
 * whose public key ageEncrypt derives); the secret key only when given one (needed to restore).
 */
export interface BackupKey {
  recipient: string;
  identity?: string;
}

/** True when age-encryption takes `key` as an X25519 key of this kind (its checksum included). */
function accepts(key: string, kind: 'identity' | 'recipient'): boolean {
  try {
    if (kind === 'identity') new Decrypter().addIdentity(key);
    else new Encrypter().addRecipient(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads an age key: the secret key, or only the public key (the server can then write backups it
 * cannot read). The text of an age-keygen file is accepted whole: its "#" comment lines are skipped.
 * Only X25519 keys: the post-quantum and tag kinds start alike and are refused.
 */
export function parseBackupKey(text: string, setting = 'BACKUP_ENCRYPTION_KEY'): BackupKey {
  const line = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .pop() ?? '';
  // Bech32 is one case throughout; age writes secret keys in upper case.
  const key = /^age-secret-key-1/i.test(line) && line === line.toLowerCase() ? line.toUpperCase() : line;
  if (/^AGE-SECRET-KEY-1[0-9A-Z]+$/.test(key) && accepts(key, 'identity')) return { recipient: key, identity: key };
  if (/^age1[0-9a-z]+$/.test(key) && !/^age1(pq|tag)/.test(key) && accepts(key, 'recipient')) return { recipient: key };
  throw new BackupKeyError(`${setting} must be an age key: a secret key AGE-SECRET-KEY-1... or a public key age1... (make one with age-keygen, or npm run backup -- --new-key)`);
}

/** The age1... key to encrypt for: `recipient` itself, or the public key of a secret key. */
export const publicKeyOf = async (recipient: string): Promise<string> => (recipient.startsWith('AGE-SECRET-KEY-1') ? identityToRecipient(recipient) : recipient);

/** A new age key pair as text: the secret key and its public key. */
export async function newBackupKey(): Promise<{ secretKey: string; publicKey: string }> {
  const secretKey = await generateX25519Identity();
  return { secretKey, publicKey: await identityToRecipient(secretKey) };
}

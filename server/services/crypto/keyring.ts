// The product's encryption keys: the current one seals; previous ones (kept after a rotation)
// only open what they sealed, until resealStoredSecrets has moved it to the current key.
import type { Config } from '../../config';
import { openSecret, sealSecret } from './secret-box';

export type Keyring = Pick<Config, 'encryptionKey' | 'previousEncryptionKeys'>;

export class UnreadableSecretError extends Error {
  constructor() {
    super('A stored secret could not be opened with ENCRYPTION_KEY or any key of ENCRYPTION_KEYS_PREVIOUS');
  }
}

export const seal = ({ keys, plaintext }: { keys: Keyring; plaintext: string }): string => sealSecret({ key: keys.encryptionKey, plaintext });

/** The wrong key and a tampered value fail alike (the GCM tag): either way, not this key. */
function tryOpen({ key, sealed }: { key: string; sealed: string }): string | undefined {
  try {
    return openSecret({ key, sealed });
  } catch {
    return undefined;
  }
}

/** Opens with the current key, else with each previous key; `current` says which, for re-sealing. */
export function openSealed({ keys, sealed }: { keys: Keyring; sealed: string }): { plaintext: string; current: boolean } {
  const candidates = [keys.encryptionKey, ...keys.previousEncryptionKeys];
  for (const [index, key] of candidates.entries()) {
    const plaintext = tryOpen({ key, sealed });
    if (plaintext !== undefined) return { plaintext, current: index === 0 };
  }
  throw new UnreadableSecretError();
}

export const open = ({ keys, sealed }: { keys: Keyring; sealed: string }): string => openSealed({ keys, sealed }).plaintext;

// The age file format v1 (https://age-encryption.org/v1) as streams, by age-encryption (the
// reference TypeScript implementation by age's author): what `age -r age1...` writes and
// `age -d -i key.txt` reads. Chunk by chunk, so an archive of any size is never held whole; a cut
// or a changed byte anywhere fails a chunk's tag (docs/backups-and-restarts.md).
import { Decrypter, Encrypter } from 'age-encryption';
import type { Identity, Stanza } from 'age-encryption';
import { publicKeyOf } from './age-keys';

export const AGE_INTRO = 'age-encryption.org/v1\n';

/** What is wrong with an age file, said of it ("it is truncated..."), or of the key that does not open it. */
export class AgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgeError';
  }
}

/** `source` as the web stream age-encryption reads, pulled one chunk at a time. */
function webStream(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

/** A pipeline step: the bytes of `source` encrypted for `recipient` (age1..., or a secret key's public key). */
export function ageEncrypt(recipient: string): (source: AsyncIterable<Uint8Array>) => AsyncGenerator<Uint8Array> {
  return async function* encrypt(source) {
    const encrypter = new Encrypter();
    encrypter.addRecipient(await publicKeyOf(recipient));
    yield* await encrypter.encrypt(webStream(source));
  };
}

/** Why a header the identity could not open was refused, from the kinds of its stanzas. */
function notOpened(kinds: string[]): AgeError {
  if (kinds.includes('scrypt')) return new AgeError('it is encrypted with a passphrase (age -p); decrypt it with age -d first and restore the .tar.gz');
  if (!kinds.includes('X25519')) return new AgeError(`it is encrypted for a kind of age key other than X25519 (${kinds.join(', ')}); decrypt it with age -d first`);
  return new AgeError('BACKUP_ENCRYPTION_KEY does not open it: it was encrypted for another age key');
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : '');

/** age-encryption's header errors, said of the file; others (the source's own) pass unchanged. */
function headerError(err: unknown, kinds: string[]): unknown {
  const message = messageOf(err);
  if (message === "no identity matched any of the file's recipients") return notOpened(kinds);
  if (message === 'invalid header HMAC') return new AgeError('it is damaged: its age header does not check out');
  if (/^invalid (version|header|stanza|X25519 stanza)|^X25519 |^stream ended|^invalid non-ASCII/.test(message)) return new AgeError(`it is damaged or truncated: its age header is malformed (${message})`);
  return err;
}

/** age-encryption's payload errors (a chunk's tag, a cut), said of the file; others pass unchanged. */
function payloadError(err: unknown): unknown {
  const message = messageOf(err);
  if (message === 'invalid tag') return new AgeError('it is truncated or damaged: a part of it does not check out');
  if (message === 'final chunk is empty') return new AgeError('it is damaged: it ends with an empty part');
  return err;
}

/** A pipeline step: the bytes of an age stream wrapped for `identity`; fails with AgeError naming what is wrong. */
export function ageDecrypt(identity: string): (source: AsyncIterable<Uint8Array>) => AsyncGenerator<Uint8Array> {
  return async function* decrypt(source) {
    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    // Tried after the key: sees the header's stanzas only when the key opened none, to say why.
    let kinds: string[] = [];
    const observer: Identity = {
      unwrapFileKey: (stanzas: Stanza[]) => {
        kinds = stanzas.map(({ args }) => args[0]);
        return null;
      },
    };
    decrypter.addIdentity(observer);
    let plain: ReadableStream<Uint8Array>;
    try {
      plain = await decrypter.decrypt(webStream(source));
    } catch (err) {
      throw headerError(err, kinds);
    }
    try {
      yield* plain;
    } catch (err) {
      throw payloadError(err);
    }
  };
}

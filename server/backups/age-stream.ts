// The age file format v1 (https://age-encryption.org/v1) for one X25519 recipient, as streams,
// with Node's own crypto: what `age -r age1...` writes and `age -d -i key.txt` reads. The header
// wraps a random 16-byte file key for the recipient and is authenticated with it; the payload is
// ChaCha20-Poly1305 in 64 KiB chunks, the last one marked, so a cut or a changed byte anywhere is
// found (docs/backups-and-restarts.md).
import { createCipheriv, createDecipheriv, createHmac, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { publicKeyFromRaw, rawPublicKey } from './age-keys';

export const AGE_INTRO = 'age-encryption.org/v1\n';
const CHUNK = 64 * 1024;
const TAG = 16;
const NONCE = 16;
const X25519_INFO = 'age-encryption.org/v1/X25519';
/** More than any header of a few recipients: a longer one is not read. */
const MAX_HEADER = 64 * 1024;

/** What is wrong with an age file, said of it ("it is truncated..."), or of the key that does not open it. */
export class AgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgeError';
  }
}

const hkdf = ({ key, salt, info }: { key: Buffer; salt: Buffer; info: string }): Buffer => Buffer.from(hkdfSync('sha256', key, salt, info, 32));
const b64 = (bytes: Buffer): string => bytes.toString('base64').replace(/=+$/, '');

function seal({ key, nonce, plain }: { key: Buffer; nonce: Buffer; plain: Buffer }): Buffer {
  const cipher = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: TAG });
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The plain bytes, or null when the tag does not check out. */
function open({ key, nonce, sealed }: { key: Buffer; nonce: Buffer; sealed: Buffer }): Buffer | null {
  if (sealed.length < TAG) return null;
  const decipher = createDecipheriv('chacha20-poly1305', key, nonce, { authTagLength: TAG });
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
  } catch {
    return null;
  }
}

/** The STREAM nonce: an 11-byte big-endian chunk counter, then 1 for the last chunk. */
function chunkNonce(counter: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeUIntBE(counter, 5, 6);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/**
 * Collects bytes and hands out whole blocks of `size`, always keeping the last bytes back: which
 * block is the last is known only at the end. Copies each byte about twice, whatever the chunks.
 */
function blocks(size: number): { add: (chunk: Buffer) => Buffer[]; rest: () => Buffer } {
  let parts: Buffer[] = [];
  let length = 0;
  return {
    add: (chunk) => {
      parts.push(chunk);
      length += chunk.length;
      if (length <= size) return [];
      const all = Buffer.concat(parts, length);
      const out: Buffer[] = [];
      let at = 0;
      for (; length - at > size; at += size) out.push(all.subarray(at, at + size));
      parts = [all.subarray(at)];
      length -= at;
      return out;
    },
    rest: () => Buffer.concat(parts, length),
  };
}

const headerMac = ({ fileKey, header }: { fileKey: Buffer; header: Buffer }): Buffer =>
  createHmac('sha256', hkdf({ key: fileKey, salt: Buffer.alloc(0), info: 'header' })).update(header).digest();

function header({ fileKey, recipient }: { fileKey: Buffer; recipient: Buffer }): Buffer {
  const ephemeral = generateKeyPairSync('x25519');
  const share = rawPublicKey(ephemeral.publicKey);
  const shared = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: publicKeyFromRaw(recipient) });
  const wrapped = b64(seal({ key: hkdf({ key: shared, salt: Buffer.concat([share, recipient]), info: X25519_INFO }), nonce: Buffer.alloc(12), plain: fileKey }));
  // Body lines are 64 columns; the last is shorter, empty when the body fills its lines.
  const lines: string[] = wrapped.match(/.{1,64}/g) ?? [];
  if (wrapped.length % 64 === 0) lines.push('');
  const upToMac = Buffer.from(`${AGE_INTRO}-> X25519 ${b64(share)}\n${lines.join('\n')}\n---`);
  return Buffer.concat([upToMac, Buffer.from(` ${b64(headerMac({ fileKey, header: upToMac }))}\n`)]);
}

/** Encrypts the stream for `recipient` (the 32 bytes of an age1... key). */
export function ageEncrypt(recipient: Buffer): Transform {
  const fileKey = randomBytes(16);
  const nonce = randomBytes(NONCE);
  const key = hkdf({ key: fileKey, salt: nonce, info: 'payload' });
  let counter = 0;
  // A full chunk is sent only once more follows: the last chunk must carry the mark.
  const plain = blocks(CHUNK);
  let started = false;
  const start = (stream: Transform): void => {
    if (started) return;
    started = true;
    stream.push(Buffer.concat([header({ fileKey, recipient }), nonce]));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      start(this);
      for (const block of plain.add(chunk)) {
        this.push(seal({ key, nonce: chunkNonce(counter, false), plain: block }));
        counter += 1;
      }
      done();
    },
    flush(done: TransformCallback) {
      start(this);
      this.push(seal({ key, nonce: chunkNonce(counter, true), plain: plain.rest() }));
      done();
    },
  });
}

interface Stanza {
  args: string[];
  body: Buffer;
}

/** The header's stanzas and the bytes its MAC covers, or null while more bytes are needed. */
function parseHeader(bytes: Buffer): { stanzas: Stanza[]; upToMac: Buffer; mac: Buffer; length: number } | null {
  const text = bytes.subarray(0, MAX_HEADER).toString('latin1');
  const dashes = text.indexOf('\n---');
  const end = dashes < 0 ? -1 : text.indexOf('\n', dashes + 1);
  if (end < 0) {
    if (bytes.length >= MAX_HEADER) throw new AgeError('it is damaged: its age header does not end');
    return null;
  }
  const lines = text.slice(0, dashes).split('\n');
  if (`${lines[0]}\n` !== AGE_INTRO) throw new AgeError('it is damaged: its age header is not age v1');
  const stanzas: Stanza[] = [];
  for (let at = 1; at < lines.length; ) {
    if (!lines[at].startsWith('-> ')) throw new AgeError('it is damaged: its age header is malformed');
    const stanza: Stanza = { args: lines[at].slice(3).split(' '), body: Buffer.alloc(0) };
    let body = '';
    for (at += 1; at < lines.length; at += 1) {
      body += lines[at];
      if (lines[at].length < 64) break;
    }
    at += 1;
    stanza.body = Buffer.from(body, 'base64');
    stanzas.push(stanza);
  }
  const mac = text.slice(dashes + 1, end);
  if (!mac.startsWith('--- ')) throw new AgeError('it is damaged: its age header is malformed');
  return { stanzas, upToMac: bytes.subarray(0, dashes + 4), mac: Buffer.from(mac.slice(4), 'base64'), length: end + 1 };
}

/** The file key from the stanza wrapped for `identity`, or null when none is. */
function unwrap({ stanzas, identity }: { stanzas: Stanza[]; identity: KeyObject }): Buffer | null {
  const recipient = rawPublicKey(createPublicKey(identity));
  for (const { args, body } of stanzas) {
    const share = args[0] === 'X25519' && args.length === 2 ? Buffer.from(args[1], 'base64') : null;
    if (share?.length !== 32 || body.length !== 32) continue;
    let shared: Buffer;
    try {
      shared = diffieHellman({ privateKey: identity, publicKey: publicKeyFromRaw(share) });
    } catch {
      continue;
    }
    const fileKey = open({ key: hkdf({ key: shared, salt: Buffer.concat([share, recipient]), info: X25519_INFO }), nonce: Buffer.alloc(12), sealed: body });
    if (fileKey) return fileKey;
  }
  return null;
}

function fileKeyOf({ stanzas, identity, upToMac, mac }: { stanzas: Stanza[]; identity: KeyObject; upToMac: Buffer; mac: Buffer }): Buffer {
  const fileKey = unwrap({ stanzas, identity });
  if (!fileKey) {
    if (stanzas.some(({ args }) => args[0] === 'scrypt')) throw new AgeError('it is encrypted with a passphrase (age -p); decrypt it with age -d first and restore the .tar.gz');
    if (!stanzas.some(({ args }) => args[0] === 'X25519')) throw new AgeError(`it is encrypted for a kind of age key other than X25519 (${stanzas.map(({ args }) => args[0]).join(', ')}); decrypt it with age -d first`);
    throw new AgeError('BACKUP_ENCRYPTION_KEY does not open it: it was encrypted for another age key');
  }
  const expected = headerMac({ fileKey, header: upToMac });
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) throw new AgeError('it is damaged: its age header does not check out');
  return fileKey;
}

/** Decrypts an age stream wrapped for `identity`; fails with AgeError naming what is wrong. */
export function ageDecrypt(identity: KeyObject): Transform {
  /** The bytes before the payload is reached: the header is small, and read whole. */
  let head = Buffer.alloc(0);
  const sealed = blocks(CHUNK + TAG);
  let key: Buffer | null = null;
  let counter = 0;
  /** The payload's first bytes once the header is read, else null. */
  const readHeader = (chunk: Buffer): Buffer | null => {
    head = Buffer.concat([head, chunk]);
    const parsed = parseHeader(head);
    if (!parsed || head.length < parsed.length + NONCE) return null;
    const fileKey = fileKeyOf({ ...parsed, identity });
    key = hkdf({ key: fileKey, salt: head.subarray(parsed.length, parsed.length + NONCE), info: 'payload' });
    return head.subarray(parsed.length + NONCE);
  };
  const openChunk = (block: Buffer, last: boolean): Buffer => {
    const plain = open({ key: key as Buffer, nonce: chunkNonce(counter, last), sealed: block });
    if (!plain) throw last ? new AgeError('it is truncated or damaged: its last part does not check out') : new AgeError(`it is damaged: its part ${counter + 1} does not check out`);
    if (last && plain.length === 0 && counter > 0) throw new AgeError('it is damaged: it ends with an empty part');
    counter += 1;
    return plain;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        const payload = key ? chunk : readHeader(chunk);
        if (payload) for (const block of sealed.add(payload)) this.push(openChunk(block, false));
        done();
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!key) throw new AgeError('it is truncated: it ends inside its age header');
        this.push(openChunk(sealed.rest(), true));
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}

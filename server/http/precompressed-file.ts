// A large file that is not part of the web build (Scalar's bundle for /docs) served like a
// built asset: its URL carries a hash of its content, so it is cached for a year, and it
// is compressed once, on first use, off the event loop, at a quality too slow to pay per request.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import { IMMUTABLE } from './cache-control';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Encoded {
  identity: Buffer;
  br: Promise<Buffer>;
  gzip: Promise<Buffer>;
}

/** `handler` answers at `url()` only (mount it on a pattern that matches the URL); other paths fall through. */
export function precompressedFile({ file, type, urlFor }: { file: string; type: string; urlFor: (hash: string) => string }): {
  url: () => string;
  handler: RequestHandler;
} {
  let content: { hash: string; bytes: Buffer } | undefined;
  let encoded: Encoded | undefined;
  const load = () => {
    if (!content) {
      const bytes = readFileSync(file);
      content = { bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 12) };
    }
    return content;
  };
  const encode = (): Encoded => {
    const { bytes } = load();
    encoded ??= {
      identity: bytes,
      br: brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzip: gzipAsync(bytes, { level: 9 }),
    };
    return encoded;
  };

  const url = (): string => urlFor(load().hash);

  const handler: RequestHandler = async (req, res, next) => {
    if (req.path !== url()) return next();
    try {
      const all = encode();
      // Browsers list gzip first at equal weight; brotli is smaller, so ask for it by name first.
      const encoding = req.acceptsEncodings('br') || req.acceptsEncodings('gzip');
      res.vary('Accept-Encoding');
      res.set({ 'Content-Type': type, 'Cache-Control': IMMUTABLE });
      if (encoding === 'br' || encoding === 'gzip') {
        res.set('Content-Encoding', encoding);
        res.send(await all[encoding]);
      } else {
        res.send(all.identity);
      }
    } catch (error) {
      next(error);
    }
  };
  return { url, handler };
}

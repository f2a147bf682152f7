import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFiles } from '../../web/precompress';
import { tempDir } from '../helpers/temp-dir';

describe('build-time precompression', () => {
  it.each<[string, number, boolean]>([
    ['app.js', 5000, true],
    ['app.css', 2000, true],
    ['logo.svg', 3000, true],
    ['tiny.js', 500, false],
    ['photo.png', 5000, false],
    ['index.html', 5000, false],
  ])('%s of %i bytes gets a .br and a .gz copy: %s', async (name, size, compressed) => {
    const dir = tempDir('nindo-precompress-');
    const content = Buffer.from('a'.repeat(size / 2) + 'b'.repeat(size / 2));
    writeFileSync(join(dir, name), content);
    await precompressFiles({ dir, files: [name] });
    expect(existsSync(join(dir, `${name}.br`))).toBe(compressed);
    expect(existsSync(join(dir, `${name}.gz`))).toBe(compressed);
    if (compressed) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`)))).toEqual(content);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`)))).toEqual(content);
    }
  });
});

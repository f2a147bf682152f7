import { mergeConfig } from 'vite';
import type { Plugin } from 'vite';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import base from './vite.config';

const exts = ['', '.tsx', '.ts'];
const stubMissing: Plugin = {
  name: 'stub-missing-pages',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.') || !importer.includes('/web/src/')) return null;
    const full = resolve(dirname(importer), source);
    if (exts.some((ext) => existsSync(full + ext)) || existsSync(full)) return null;
    return `\0stub:${full}`;
  },
  load(id) {
    return id.startsWith('\0stub:') ? 'export default function Missing() { return null; }' : null;
  },
};
export default mergeConfig(base, { plugins: [stubMissing] });

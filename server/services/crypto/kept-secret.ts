// A secret the server generates once and keeps in its data folder (mode 0600), for settings
// left unset, so that a restart finds the same one instead of making stored data unreadable.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const isCode = (err: unknown, code: string): boolean => (err as NodeJS.ErrnoException | null)?.code === code;

function readKept(path: string): string | undefined {
  try {
    const value = readFileSync(path, 'utf8').trim();
    if (!value) throw new Error(`${path} is empty: delete it to have a new secret generated, or restore it from a backup`);
    return value;
  } catch (err) {
    if (isCode(err, 'ENOENT')) return undefined;
    throw err;
  }
}

/** Reads `dir/name`, or creates it with 32 random bytes (hex). */
export function keptSecret({ dir, name }: { dir: string; name: string }): string {
  const path = join(dir, name);
  const existing = readKept(path);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written whole under a temporary name, then linked into place: an instance starting at the
  // same moment either sees no file or the complete one, and only one link can win.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
  } catch (err) {
    if (!isCode(err, 'EEXIST')) throw err;
  } finally {
    unlinkSync(temporary);
  }
  return readKept(path) as string;
}

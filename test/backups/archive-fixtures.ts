// Archives for the restore tests: a real installation's backup (plain and encrypted), archives
// made by hand from a list of files (to hold what npm run backup never writes), and
// npm run restore run as an operator runs it.
import { execFile } from 'node:child_process';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { create } from 'tar';
import { readConfig } from '../../server/config';
import type { Config } from '../../server/config';
import { sumFiles } from '../../server/backups/file-sums';
import { ARCHIVE_FORMAT, MANIFEST } from '../../server/backups/layout';
import type { Manifest } from '../../server/backups/layout';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { diskBlobStore } from '../../server/services/blobs/disk';
import { tempDir } from '../helpers/temp-dir';

const ROOT = join(__dirname, '..', '..');

export const folderEnv = (root: string): Record<string, string> => ({ SQLITE_PATH: join(root, 'data', 'nindo.sqlite'), UPLOADS_DIR: join(root, 'data', 'uploads'), NODE_ENV: 'test' });

/** An installation with two records, a logo and its key files. */
export async function sourceInstallation(): Promise<Config> {
  const config = readConfig(folderEnv(tempDir('nindo-restore-source-')));
  const store = await openSqliteStore({ path: config.sqlitePath });
  await store.collection('notes').insertMany([
    { _id: 'n1', text: 'kept' },
    { _id: 'n2', text: 'kept too' },
  ]);
  await store.close();
  await diskBlobStore({ dir: config.uploadsDir }).put({ key: 'media/logo', data: Buffer.from('logo'), contentType: 'image/png' });
  return config;
}

export interface FixtureFile {
  data: Buffer;
  mode?: number;
}

/**
 * A tar.gz of `files` (path in the archive to content) with a manifest listing them all with their
 * checksums, as npm run backup writes; `unlisted` files are packed but left out of the manifest,
 * and `manifest` overrides its fields.
 */
export async function handMadeArchive({
  files,
  unlisted = {},
  links = {},
  manifest = {},
}: {
  files: Record<string, FixtureFile>;
  unlisted?: Record<string, FixtureFile>;
  /** Symbolic links packed (unlisted): path in the archive to where the link points. */
  links?: Record<string, string>;
  manifest?: Partial<Manifest>;
}): Promise<string> {
  const dir = tempDir('nindo-fixture-');
  const staging = join(dir, 'staging');
  await mkdir(staging);
  const write = async (entries: Record<string, FixtureFile>): Promise<void> => {
    for (const [path, { data, mode }] of Object.entries(entries)) {
      await mkdir(dirname(join(staging, path)), { recursive: true });
      await writeFile(join(staging, path), data);
      if (mode !== undefined) await chmod(join(staging, path), mode);
    }
  };
  await write(files);
  const sums = await sumFiles({ dir: staging });
  await write(unlisted);
  for (const [path, to] of Object.entries(links)) {
    await mkdir(dirname(join(staging, path)), { recursive: true });
    await symlink(to, join(staging, path));
  }
  const uploads = Object.keys(files).filter((path) => path.startsWith('uploads/')).length;
  const full: Manifest = { format: ARCHIVE_FORMAT, createdAt: '2026-11-28T00:00:00.000Z', engine: 'sqlite', database: 'database/nindo.sqlite' in files, keys: [], uploads, files: sums, ...manifest };
  await writeFile(join(staging, MANIFEST), JSON.stringify(full));
  const file = join(dir, 'hand-made.tar.gz');
  const tops = new Set([...Object.keys(files), ...Object.keys(unlisted), ...Object.keys(links)].map((path) => path.split('/')[0]));
  await create({ gzip: true, file, cwd: staging, portable: true }, [MANIFEST, ...tops]);
  return file;
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a script of scripts/ as `npm run` does, with `env` over the test's environment. */
export async function runScript({ script, args, env }: { script: 'backup' | 'restore'; args: string[]; env: Record<string, string> }): Promise<Run> {
  const clean = { ...process.env, BACKUP_ENCRYPTION_KEY: '', ...env };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { cwd: ROOT, env: clean });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// What a backup archive holds and where each part comes from and goes back to (docs/backups-and-restarts.md).
import { join } from 'node:path';
import type { Config, DataPaths } from '../config';

export type { DataPaths };

export const MANIFEST = 'manifest.json';
export const DATABASE_ENTRY = 'database/nindo.sqlite';
export const KEYS_DIR = 'keys';
export const UPLOADS_DIR = 'uploads';
/** The files config.ts keeps in the data folder for secrets left unset (services/crypto/kept-secret.ts). */
export const KEY_FILES = ['session.secret', 'encryption.key'];
/** Where the scheduled backups go in the blob store; never archived themselves. */
export const BACKUP_BLOB_PREFIX = 'backups';
/** 2: manifest.json lists every file with its size and SHA-256. 1 (before issue 27) had no list. */
export const ARCHIVE_FORMAT = 2;
export const READABLE_FORMATS = [1, 2];

export interface FileSum {
  size: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  createdAt: string;
  engine: 'sqlite' | 'mongodb';
  /** False with MongoDB: its database is backed up with mongodump, beside this archive. */
  database: boolean;
  keys: string[];
  uploads: number;
  /** Every file of the archive but the manifest, by its path in the archive (format 2). */
  files?: Record<string, FileSum>;
}

export const keyPath = ({ dataDir }: Pick<Config, 'dataDir'>, name: string): string => join(dataDir, name);

/** nindo-backup-2026-11-26T06-00-00-000Z.tar.gz (.tar.gz.age encrypted): sorts by time, and safe as a file name and a blob key. */
export const archiveName = (at: Date, { encrypted = false }: { encrypted?: boolean } = {}): string =>
  `nindo-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz${encrypted ? '.age' : ''}`;

/** Files the disk blob store leaves only while writing (disk.ts's ".part"), and the scheduled archives. */
export const isArchivedUpload = (relative: string): boolean =>
  !relative.endsWith('.part') && relative !== BACKUP_BLOB_PREFIX && !relative.startsWith(`${BACKUP_BLOB_PREFIX}/`);

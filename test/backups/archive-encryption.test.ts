// Issue 27 item 4: archives are readable by their owner only (they hold the keys and the sessions),
// and with BACKUP_ENCRYPTION_KEY they are age files: the reference age tool opens what npm run
// backup writes, and npm run restore restores what the age tool encrypted.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { createReadStream, createWriteStream, readdirSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { list } from 'tar';
import { newBackupKey, parseBackupKey } from '../../server/backups/age-keys';
import { ageDecrypt, ageEncrypt } from '../../server/backups/age-stream';
import type { Config } from '../../server/config';
import { tempDir } from '../helpers/temp-dir';
import { folderEnv, runScript, sourceInstallation } from './archive-fixtures';

const ROOT = join(__dirname, '..', '..');
const key = newBackupKey();
let source: Config;
let age: string;

beforeAll(async () => {
  source = await sourceInstallation();
  // The reference implementation (Go), built once into the peers' cache (scripts/peers/age.sh).
  age = execFileSync('bash', [join(ROOT, 'scripts/peers/age.sh'), 'build'], { encoding: 'utf8' }).trim();
}, 300_000);

const sourceEnv = (): Record<string, string> => ({ SQLITE_PATH: source.sqlitePath, UPLOADS_DIR: source.uploadsDir, NODE_ENV: 'test' });

async function backup(env: Record<string, string> = {}): Promise<string> {
  const file = join(tempDir('nindo-backup-out-'), 'backup');
  const run = await runScript({ script: 'backup', args: [file], env: { ...sourceEnv(), ...env } });
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return file;
}

const entriesOf = async (tarGz: string): Promise<string[]> => {
  const paths: string[] = [];
  await list({ file: tarGz, onReadEntry: (entry) => paths.push(entry.path) });
  return paths;
};

describe('npm run backup', () => {
  it('writes the archive readable by its owner only', async () => {
    const file = await backup();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  }, 30_000);

  it('with BACKUP_ENCRYPTION_KEY set to a public key, writes an age file that age -d opens with the secret key', async () => {
    const file = await backup({ BACKUP_ENCRYPTION_KEY: key.publicKey });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file)).subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    const dir = tempDir('nindo-age-');
    await writeFile(join(dir, 'key.txt'), `${key.secretKey}\n`);
    await promisify(execFile)(age, ['-d', '-i', join(dir, 'key.txt'), '-o', join(dir, 'backup.tar.gz'), file]);
    expect(await entriesOf(join(dir, 'backup.tar.gz'))).toEqual(expect.arrayContaining(['manifest.json', 'database/nindo.sqlite', 'keys/encryption.key']));
  }, 30_000);

  it('refuses a BACKUP_ENCRYPTION_KEY that is not an age key in one line, writing nothing', async () => {
    const dir = tempDir('nindo-backup-out-');
    const run = await runScript({ script: 'backup', args: [join(dir, 'backup')], env: { ...sourceEnv(), BACKUP_ENCRYPTION_KEY: 'hunter2' } });
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^BACKUP_ENCRYPTION_KEY must be an age key/)]);
    expect(readdirSync(dir)).toEqual([]);
  }, 30_000);
});

describe('the age format against the age CLI', () => {
  // Empty, one byte, one chunk exactly (64 KiB: the last chunk is full), one byte over, several chunks.
  it.each([0, 1, 65_536, 65_537, 200_000])('%d bytes: age -d opens ours, and we open what age -r wrote', async (size) => {
    const dir = tempDir('nindo-age-sizes-');
    const data = randomBytes(size);
    const secret = parseBackupKey(key.secretKey);
    await writeFile(join(dir, 'key.txt'), `${key.secretKey}\n`);
    await writeFile(join(dir, 'plain'), data);
    await pipeline(createReadStream(join(dir, 'plain')), ageEncrypt(secret.recipient), createWriteStream(join(dir, 'ours.age')));
    await promisify(execFile)(age, ['-d', '-i', join(dir, 'key.txt'), '-o', join(dir, 'ours.out'), join(dir, 'ours.age')]);
    expect((await readFile(join(dir, 'ours.out'))).equals(data)).toBe(true);
    await promisify(execFile)(age, ['-r', key.publicKey, '-o', join(dir, 'theirs.age'), join(dir, 'plain')]);
    await pipeline(createReadStream(join(dir, 'theirs.age')), ageDecrypt(secret.identity as KeyObject), createWriteStream(join(dir, 'theirs.out')));
    expect((await readFile(join(dir, 'theirs.out'))).equals(data)).toBe(true);
  });
});

describe('npm run restore of an archive encrypted by age -r', () => {
  it('restores it with the secret key', async () => {
    const plain = await backup();
    const encrypted = `${plain}.age`;
    await promisify(execFile)(age, ['-r', key.publicKey, '-o', encrypted, plain]);
    const root = tempDir('nindo-restore-target-');
    const run = await runScript({ script: 'restore', args: [encrypted], env: { ...folderEnv(root), BACKUP_ENCRYPTION_KEY: key.secretKey } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/the SQLite database \(1 collection\(s\), 2 record\(s\); integrity check ok\), 2 uploaded file\(s\), 2 key file\(s\)/);
  }, 30_000);
});

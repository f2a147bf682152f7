// Runs a command-line tool from node_modules/.bin for tests that drive outside tools (generators, tsc).
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const ROOT = resolve(__dirname, '..', '..');
export const bin = (name: string): string => join(ROOT, 'node_modules', '.bin', name);

/** Runs a tool; a failure shows what it printed (tsc's errors, a generator's complaints). */
export async function run(file: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<{ stdout: string }> {
  try {
    return await execFileAsync(file, args, options);
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    throw new Error(`${file} failed:\n${stdout}${stderr}`);
  }
}

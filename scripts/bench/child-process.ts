// Bench servers run in a child process so that the load generator does not share their
// event loop; the child prints "ready" once it listens.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** `args` follow the port on the child's command line. */
export function startBenchProcess(script: string, port: number, args: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, script), String(port), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

// A build step an end-to-end scenario runs for a server of its own (another document's web
// build, the probe copy's generate and builds): its output appended to a log file, stopped past
// its time, and a failure that names the step and where its log is.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export function loggedStep({ cwd, what, command, args, log, env = process.env, timeoutMs }: { cwd: string; what: string; command: string; args: string[]; log: string; env?: NodeJS.ProcessEnv; timeoutMs: number }): Promise<void> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = createWriteStream(log, { flags: 'a' });
  child.stdout.pipe(output);
  child.stderr.pipe(output);
  return new Promise((done, fail) => {
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`${what} failed (${code ?? 'stopped'}): see ${log}`));
    });
  });
}

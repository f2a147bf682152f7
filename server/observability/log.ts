// The one log of a server process: JSON lines (pino) for requests, errors with their stacks and
// background workers alike, so a log pipeline can parse every line. LOG_LEVEL sets the level
// (default info; warn under tests); LOG_FORMAT=pretty gives readable lines in development.
import { createRequire } from 'node:module';
import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';

export type Log = Logger;

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** pino-pretty is a development dependency, loaded only when asked for and left out of the bundle. */
function prettyStream(): DestinationStream {
  const load = createRequire(__filename);
  const pretty = load('pino-pretty') as (options: object) => DestinationStream;
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}

export function createLog(env: Record<string, string | undefined> = process.env): Log {
  const asked = env.LOG_LEVEL?.toLowerCase();
  if (asked && !LEVELS.has(asked)) throw new Error(`LOG_LEVEL must be one of ${[...LEVELS].join(', ')}, not "${env.LOG_LEVEL}"`);
  const level = asked ?? (env.NODE_ENV === 'test' ? 'warn' : 'info');
  // Asynchronous writes keep a request's answer from waiting on stdout; pino flushes them at exit.
  const destination = env.LOG_FORMAT === 'pretty' ? prettyStream() : pino.destination({ sync: false });
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

export const log: Log = createLog();

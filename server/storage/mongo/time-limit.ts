// Every MongoDB operation that looks for documents carries maxTimeMS: past it the database server
// ends the operation, so a scan no index serves (a pattern over a large collection) cannot run on
// for long whatever the engine's regular expressions do; a second fence after RE2's check of the
// pattern (docs/storage.md, "Patterns"). The caller gets QueryTimeoutError, as on SQLite.
import { MongoServerError } from 'mongodb';
import { QueryTimeoutError } from '../port';

export const MAX_TIME_MS = 5000;

const MAX_TIME_MS_EXPIRED = 50;

/** MongoDB's MaxTimeMSExpired, or FerretDB's findAndModify past its time (an internal error naming Go's deadline). */
const isOverTime = (err: unknown): boolean =>
  err instanceof MongoServerError && (err.code === MAX_TIME_MS_EXPIRED || err.message.endsWith('context deadline exceeded'));

/** A `.catch` turning the server's refusal past maxTimeMS into QueryTimeoutError; other errors pass. */
export const overTime =
  (ms: number) =>
  (err: unknown): never => {
    throw isOverTime(err) ? new QueryTimeoutError(ms) : err;
  };

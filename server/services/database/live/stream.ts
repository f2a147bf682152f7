// GET .../live: the event stream (docs/public-data-api.md, "Live changes"). It needs no
// credentials, since a browser's EventSource cannot send headers: it answers a client id, and
// what the stream carries is decided by the subscriptions an authenticated POST sets for that id.
// A client resuming with Last-Event-ID starts after that event, or gets one `reset` when the log
// no longer holds what came after it.
import type { Response } from 'express';
import type { AppContext } from '../../../context';
import type { AddressKey } from '../../../http/client-address';
import { NotFoundError } from '../../../http/errors';
import { apps } from '../../developer/model';
import { APP_NOT_FOUND } from '../../developer/owned-app';
import { send } from './connection';
import type { Connection, Sink } from './connection';
import { connectFrame, resetFrame } from './frames';
import { sharedHeadSeq, sharedOldestSeq } from './feed';
import type { Feed } from './feed';
import { awaitFirstSubscription, openConnection } from './hub';

export const RESET_REASONS = {
  unknown: 'Last-Event-ID names no event of this app: read the collections again',
  tooOld: 'Last-Event-ID is older than the change log keeps: read the collections again',
};

function sinkOf(res: Response): Sink {
  return { write: (chunk) => void res.write(chunk), buffered: () => res.writableLength, end: () => res.end() };
}

/**
 * Where a resuming stream starts: after its last event, or at the tail with the reason of a reset.
 * The log's ends are read once for all the streams resuming at the same time (feed.ts), and the
 * newest not at all when the tail here is already past the event.
 */
async function resumeAt({ feed, lastEventId, head }: { feed: Feed; lastEventId?: string; head: number }): Promise<{ cursor: number; reset?: string }> {
  if (lastEventId === undefined) return { cursor: head };
  const asked = /^\d{1,15}$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) : Number.NaN;
  if (Number.isNaN(asked) || (asked > head && asked > (await sharedHeadSeq(feed)))) return { cursor: head, reset: RESET_REASONS.unknown };
  const oldest = await sharedOldestSeq(feed);
  if (oldest !== undefined && asked < oldest - 1) return { cursor: head, reset: RESET_REASONS.tooOld };
  return { cursor: asked };
}

export async function openStream({ ctx, appId, lastEventId, res, address }: { ctx: AppContext; appId: string; lastEventId?: string; res: Response; address: AddressKey }): Promise<Connection> {
  if (!(await apps(ctx).findOne({ _id: appId }))) throw new NotFoundError(APP_NOT_FOUND);
  const { connection, feed } = await openConnection({ ctx, appId, sink: sinkOf(res), address });
  res.on('close', () => {
    if (connection.state !== 'closed') closeQuietly(connection);
  });
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
  const head = connection.cursor;
  const { cursor, reset } = await resumeAt({ feed, lastEventId, head });
  send(connection, connectFrame({ clientId: connection.clientId, seq: cursor }));
  // From the connect on, not from the open: the client cannot subscribe before it has its id.
  awaitFirstSubscription({ ctx, connection });
  if (reset) send(connection, resetFrame({ seq: cursor, reason: reset }));
  if (connection.state === 'waiting') connection.cursor = cursor;
  return connection;
}

function closeQuietly(connection: Connection): void {
  connection.state = 'closed';
  connection.onClosed();
}

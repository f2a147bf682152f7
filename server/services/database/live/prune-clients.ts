// Clients and notices of streams whose instance died (a stream that ends removes its own client):
// a stream lives at most MAX_STREAM_AGE_MS, so a client connected before that is gone.
import type { AppContext } from '../../../context';
import { liveClients, liveNotices, MAX_STREAM_AGE_MS } from './model';

export async function pruneLiveClients({ ctx }: { ctx: AppContext }): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - 2 * MAX_STREAM_AGE_MS).toISOString();
  const clients = await liveClients(ctx).deleteMany({ connected: { $lt: cutoff } });
  const notices = await liveNotices(ctx).deleteMany({ at: { $lt: cutoff } });
  return clients + notices;
}

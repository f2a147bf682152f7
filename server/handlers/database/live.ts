// Live changes of an app's database (docs/public-data-api.md, "Live changes"): the event stream,
// open to anyone, and the subscriptions its client sets with credentials.
import type { OpenLiveStreamData, SetLiveSubscriptionsData, SetLiveSubscriptionsResponse } from '../../../generated/client/types.gen';
import { addressKey } from '../../http/client-address';
import { foreignOrigin } from '../../http/cross-site';
import { handler, noRawReply } from '../../http/handler';
import { openStream } from '../../services/database/live/stream';
import { subscriptionsChanged } from '../../services/database/live/hub';
import { setSubscriptions } from '../../services/database/live/subscriptions';

export const openLiveStream = handler<OpenLiveStreamData>(async ({ ctx, req, res, path }) => {
  await openStream({ ctx, appId: path.appId, lastEventId: req.get('Last-Event-ID'), res, address: addressKey(req.ip ?? '') });
  return noRawReply;
});

export const setLiveSubscriptions = handler<SetLiveSubscriptionsData, SetLiveSubscriptionsResponse>(async ({ ctx, req, path, body }) => {
  const doc = await setSubscriptions({
    ctx,
    appId: path.appId,
    clientId: body.clientId,
    subscriptions: body.subscriptions,
    authorization: req.headers.authorization,
    sessionUserId: req.session?.userId,
    pageOrigin: foreignOrigin({ req, publicUrl: ctx.config.publicUrl }),
  });
  await subscriptionsChanged({ ctx, doc });
  return { data: { clientId: doc._id, subscriptions: body.subscriptions }, message: 'Subscriptions set' };
});

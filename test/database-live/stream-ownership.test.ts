// A stream's client id belongs to the caller that first subscribed it (issue 36, item 13): anyone
// else's subscription POST for it is a 403, on the instance holding the stream and on another
// (the first POST stores the client with its owner), and the stream goes on carrying its owner's
// records. Before, store B could post for store A's id and A's stream then carried B's records.
import request from 'supertest';
import type { Server } from 'node:http';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import type { TestApp } from '../helpers/test-app';
import { allRules, callersOf } from '../database-rules/callers';
import type { CallerName } from '../database-rules/callers';
import { basic, dataApp, documentsPath, setAccess, withAuth } from '../database-public/fixtures';
import { closeHub } from '../../server/services/database/live/hub';
import { LIVE_MESSAGES } from '../../server/services/database/live/subscriptions';
import { LIMITS } from './live-app';
import { listen, openLive } from './sse-client';
import type { LiveEvent } from './sse-client';

const pair = twoInstancesOnOneStore({ prefix: 'nindo-live-owner-', config: { live: LIMITS } });
let server: Server | undefined;
let base = '';
// The stream is held by instance one; a POST may go to either.
beforeEach(async () => {
  ({ server, base } = await listen(pair.one.app));
});
afterEach(async () => {
  closeHub({ store: pair.one.ctx.store, reason: 'test over' });
  closeHub({ store: pair.two.ctx.store, reason: 'test over' });
  await new Promise((resolve) => server?.close(resolve));
});

const titleOf = (e: LiveEvent): string | undefined => (e.data.document as { title?: string } | undefined)?.title;

async function ownedApp() {
  const data = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
  // Each store lists and views its own records only.
  await setAccess({ owner: data.owner, appId: data.appId, access: { rules: { ...allRules({ kind: 'owner' }), create: { kind: 'users' } } } });
  const callers = await callersOf({ app: pair.one.app, ctx: pair.one.ctx, data });
  const auth: Record<'store A' | 'store B' | 'the app', string> = { 'store A': `Bearer ${callers.tokenA}`, 'store B': `Bearer ${callers.tokenB}`, 'the app': basic(data.appId, data.appSecret) };
  const post = ({ via, as, clientId }: { via: TestApp; as: keyof typeof auth; clientId: string }) =>
    withAuth(request(via.app).post(`/api/v1/data/${data.appId}/live`), auth[as]).send({ clientId, subscriptions: [{ collection: 'products' }] });
  const create = (as: 'store A' | 'store B', title: string) => withAuth(request(pair.one.app).post(documentsPath(data.appId)), auth[as]).send({ title }).expect(201);
  return { data, post, create };
}

it.each<{ scenario: string; ownerVia: 'one' | 'two'; other: CallerName & ('store B' | 'the app'); otherVia: 'one' | 'two' }>([
  { scenario: 'store B on the holding instance', ownerVia: 'one', other: 'store B', otherVia: 'one' },
  { scenario: 'store B through the other instance', ownerVia: 'one', other: 'store B', otherVia: 'two' },
  { scenario: 'store B, after A subscribed through the other instance', ownerVia: 'two', other: 'store B', otherVia: 'one' },
  { scenario: 'the app itself', ownerVia: 'one', other: 'the app', otherVia: 'two' },
])("$scenario cannot take store A's stream: 403, and A's stream still carries A's records, never B's", async ({ ownerVia, other, otherVia }) => {
  const { data, post, create } = await ownedApp();
  const stream = await openLive({ base, appId: data.appId });
  await post({ via: pair[ownerVia], as: 'store A', clientId: stream.clientId() }).expect(200);
  const refused = await post({ via: pair[otherVia], as: other, clientId: stream.clientId() });
  expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: LIVE_MESSAGES.otherCaller });
  // Its owner may still change them.
  await post({ via: pair[otherVia], as: 'store A', clientId: stream.clientId() }).expect(200);
  await create('store B', 'Of B');
  await create('store A', 'Of A');
  await stream.next((e) => titleOf(e) === 'Of A');
  expect(stream.events.filter((e) => e.event === 'created').map(titleOf)).toEqual(['Of A']);
});

it('two callers subscribing one id at once through two instances: exactly one wins, the other gets 403', async () => {
  const { data, post } = await ownedApp();
  for (let round = 0; round < 5; round += 1) {
    const stream = await openLive({ base, appId: data.appId });
    const answers = await Promise.all([post({ via: pair.one, as: 'store A', clientId: stream.clientId() }), post({ via: pair.two, as: 'store B', clientId: stream.clientId() })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    stream.close();
  }
});

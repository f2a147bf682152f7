// A session's touch writes its new expiry only when it moves by a minute or more.
import type { SessionData } from 'express-session';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { SESSIONS, StoreSessionStore, TOUCH_EVERY_MS } from '../../server/services/sessions/session-store';

const data = (expires: number): SessionData => ({ cookie: { originalMaxAge: 1000, expires: new Date(expires) } }) as SessionData;
const touch = (store: StoreSessionStore, sid: string, expires: number): Promise<void> => new Promise((done) => store.touch(sid, data(expires), done));

it.each([
  ['a few seconds later: not written', 5_000, '2030-01-01T00:00:00.000Z'],
  ['a minute later: written', TOUCH_EVERY_MS, new Date(Date.UTC(2030, 0, 1) + TOUCH_EVERY_MS).toISOString()],
])('touching again %s', async (_case, later, stored) => {
  const store = await openSqliteStore({ path: ':memory:' });
  const sessions = new StoreSessionStore(store, () => new Date());
  const first = Date.UTC(2030, 0, 1);
  await store.collection(SESSIONS).insertOne({ _id: 's1', data: {}, expiresAt: 'old' });
  await touch(sessions, 's1', first);
  await touch(sessions, 's1', first + later);
  expect((await store.collection(SESSIONS).findOne({ _id: 's1' }))?.expiresAt).toBe(stored);
  await store.close();
});

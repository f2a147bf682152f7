// The app users list's search box (by email) is answered through the contains index on
// accountEmail: on SQLite the page of a rare text is read from its matches kept from the FTS5 table
// (match-sets.ts), each looked up by rowid rather than by a walk of the app's index, still only
// within the owner's app; on every engine the answer is the same.
import { withTestApp } from '../helpers/test-app';
import { spyOnPlans } from '../helpers/sqlite-plans';
import { appUsers } from '../../server/services/developer/model';
import { toSearchParam } from '../../forms/resource/list-query';
import { appUser, ownerWithApp, usersPath } from './fixtures';

const t = withTestApp({ scope: 'file' });

it('finds a rare email text through the contains index, in the owner app only', async () => {
  const owner = await ownerWithApp({ t });
  const users = Array.from({ length: 200 }, (_, i) => appUser({ appId: owner.appId, n: i + 1 }));
  users[9] = { ...users[9], accountEmail: 'Zelda@Castle.example' };
  await appUsers(t.ctx).insertMany([...users, appUser({ appId: 'other-app', n: 999, accountEmail: 'zelda@elsewhere.example' })]);
  const plans = t.ctx.store.engine === 'sqlite' ? spyOnPlans() : undefined;
  try {
    const res = await owner.agent.get(usersPath(owner.appId)).query({ query: toSearchParam({ field: 'accountEmail', text: 'ZELDA' }) }).expect(200);
    expect(res.body.data.docs.map((u: { accountEmail: string }) => u.accountEmail)).toEqual(['Zelda@Castle.example']);
    expect(res.body.data.total).toBe(1);
    if (plans) expect(plans.planOf('SELECT _id, doc FROM "appUsers"')).toMatch(/^SEARCH appUsers USING INTEGER PRIMARY KEY \(rowid=\?\) \| LIST SUBQUERY 1 \| SCAN json_each/);
  } finally {
    plans?.restore();
  }
});

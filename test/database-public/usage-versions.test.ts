// The usage counter's chain of versions on two instances sharing one store (issue 18 item 4): a
// writer that lost the race for the next version leaps on and judges its changes afterwards on
// the versions before its own, and a seq nobody wrote (its writer leapt past it, or died first)
// is filled empty by whoever needs it, so the usage still adds up and nobody waits for it.
import { randomUUID } from 'node:crypto';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import { chargeUsage, quotaMessages, usageOf } from '../../server/services/database/quotas';
import { DB_USAGE, versionId } from '../../server/services/database/usage-versions';
import type { UsageDoc } from '../../server/services/database/usage-versions';

const QUOTA = 3;
const pair = twoInstancesOnOneStore({ prefix: 'nindo-usage-versions-', config: { dataQuotas: { documents: QUOTA, bytes: 1_000_000, requestsPerMonth: 1000, requestsPerMinute: 500 } } });
const versions = () => pair.one.ctx.store.collection<UsageDoc>(DB_USAGE);

it('adds up the changes a writer left alone past a seq nobody wrote, and fills that seq empty', async () => {
  const appId = randomUUID();
  await chargeUsage({ ctx: pair.one.ctx, appId, documents: 1, bytes: 10 });
  // What a writer that leapt past seq 2 and was killed before learning its verdict leaves.
  await versions().insertOne({ _id: versionId(appId, 3), appId, seq: 3, at: new Date().toISOString(), changes: [{ add: { documents: 1, bytes: 5 } }] });
  expect(await usageOf({ ctx: pair.two.ctx, appId })).toEqual({ documents: 2, bytes: 15 });
  expect(await versions().findOne({ _id: versionId(appId, 2) })).toMatchObject({ seq: 2, changes: [] });
  await chargeUsage({ ctx: pair.two.ctx, appId, documents: 1, bytes: 1 });
  expect(await usageOf({ ctx: pair.one.ctx, appId })).toEqual({ documents: 3, bytes: 16 });
});

it('judges the change of a writer that lost the race on the versions before its own: the quota the other instance filled refuses it', async () => {
  const appId = randomUUID();
  await chargeUsage({ ctx: pair.one.ctx, appId, documents: 1 });
  await chargeUsage({ ctx: pair.two.ctx, appId, documents: QUOTA - 1 });
  // `one` still remembers its own version as the newest: it loses seq 2 and leaps on.
  await expect(chargeUsage({ ctx: pair.one.ctx, appId, documents: 1 })).rejects.toThrow(quotaMessages.documents(QUOTA));
  expect(await usageOf({ ctx: pair.one.ctx, appId })).toEqual({ documents: QUOTA, bytes: 0 });
  expect((await versions().find({ appId }, { sort: { _id: 1 } })).map(({ seq, changes }) => ({ seq, changes: changes?.length }))).toEqual([
    { seq: 1, changes: 1 },
    { seq: 2, changes: 1 },
    { seq: 3, changes: 0 },
    { seq: 4, changes: 1 },
  ]);
});

// The store-backed sliding-window limiter shared by accounts and the OAuth token exchange.
import { RATE_LIMITS, refundAttempt, takeAttempt, tryAttempt } from '../../server/services/accounts/rate-limit';
import type { Limit } from '../../server/services/accounts/rate-limit';
import { TooManyRequestsError } from '../../server/http/errors';
import { withTestApp } from '../helpers/test-app';

const MINUTE = 60 * 1000;
const limit: Limit = { key: 'test:key', max: 3, windowMs: 10 * MINUTE };
const other: Limit = { key: 'test:other', max: 5, windowMs: 10 * MINUTE };

describe('rate-limit', () => {
  const t = withTestApp();
  const take = (limits: Limit[] = [limit]) => takeAttempt({ ctx: t.ctx, limits, what: 'Too many tries' });
  const refused = async (limits: Limit[] = [limit]): Promise<TooManyRequestsError> => {
    const err: unknown = await take(limits).catch((e: unknown) => e);
    if (!(err instanceof TooManyRequestsError)) throw new Error('expected a 429');
    return err;
  };

  it.each([
    ['just before the oldest attempt leaves the window', 10 * MINUTE - 1, false],
    ['once the oldest attempt has left the window', 10 * MINUTE, true],
  ])('slides: a fourth attempt %s', async (_label, after, allowed) => {
    await take();
    t.advance(2 * MINUTE);
    await take();
    await take();
    t.advance(after - 2 * MINUTE);
    expect(await tryAttempt({ ctx: t.ctx, limits: [limit] })).toBe(allowed);
  });

  it('refuses with the seconds until room frees up, and does not write the refused attempt', async () => {
    for (let i = 0; i < 3; i += 1) await take();
    t.advance(4 * MINUTE);
    const err = await refused();
    expect(err.retryAfterSeconds).toBe(6 * 60);
    expect(err.message).toBe('Too many tries. Please try again in 6 minutes.');
    const [doc] = await t.ctx.store.collection(RATE_LIMITS).find({ _id: limit.key });
    expect((doc?.hits as unknown[]).length).toBe(3);
  });

  it('lets exactly max of many parallel attempts through', async () => {
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => tryAttempt({ ctx: t.ctx, limits: [limit] })));
    expect(outcomes.filter(Boolean)).toHaveLength(3);
  });

  it('counts an attempt against all limits or none', async () => {
    for (let i = 0; i < 3; i += 1) await take([limit, other]);
    await refused([limit, other]);
    // `other` kept 3 of its 5: two more fit.
    expect(await tryAttempt({ ctx: t.ctx, limits: [other] })).toBe(true);
    expect(await tryAttempt({ ctx: t.ctx, limits: [other] })).toBe(true);
    expect(await tryAttempt({ ctx: t.ctx, limits: [other] })).toBe(false);
  });

  it('takes an attempt back on refund', async () => {
    for (let i = 0; i < 3; i += 1) await take();
    await refundAttempt({ ctx: t.ctx, limits: [limit] });
    await take();
    await refused();
  });

  it('sweeps logs whose attempts have all left the window', async () => {
    await take();
    t.advance(10 * MINUTE);
    await take([other]);
    expect(await t.ctx.store.collection(RATE_LIMITS).count({ _id: limit.key })).toBe(0);
  });
});

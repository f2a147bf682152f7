import { findOrCreateSocialUser, toPublicUser } from '../../server/services/accounts/users';
import { withTestApp } from '../helpers/test-app';
import { existingUser } from '../helpers/accounts';

describe('findOrCreateSocialUser', () => {
  const t = withTestApp();

  it('creates a confirmed account without a password, then finds it by provider id', async () => {
    const first = await findOrCreateSocialUser({ ctx: t.ctx, provider: 'github', providerUserId: 'gh-1', email: 'Grace@Example.com', fullName: 'Grace Hopper' });
    expect(first.isNew).toBe(true);
    expect(toPublicUser(first.user)).toMatchObject({ email: 'grace@example.com', isConfirmed: true, hasPassword: false });
    const again = await findOrCreateSocialUser({ ctx: t.ctx, provider: 'github', providerUserId: 'gh-1', email: 'changed@example.com', fullName: 'G' });
    expect(again).toMatchObject({ isNew: false, user: { _id: first.user._id } });
  });

  it('links the provider to an existing account with the same email and confirms it', async () => {
    await existingUser({ t, email: 'ann@example.com' });
    const linked = await findOrCreateSocialUser({ ctx: t.ctx, provider: 'google', providerUserId: 'g-9', email: 'ann@example.com', fullName: 'Ann' });
    expect(linked.isNew).toBe(false);
    expect(linked.user).toMatchObject({ email: 'ann@example.com', isConfirmed: true, socialIds: { google: 'g-9' }, fullName: 'Ada Lovelace' });
    expect(toPublicUser(linked.user).hasPassword).toBe(true);
    expect(await t.ctx.store.collection('users').count({})).toBe(1);
  });
});

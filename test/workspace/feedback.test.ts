import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { feedback, issueFeedbackLink, sendFeedbackRequestMail } from '../../server/services/subscription/feedback';
import { mailsTo } from '../helpers/accounts';
import { TOKEN_TTL_MS } from '../../server/services/accounts/tokens';

const INVALID = 'This feedback link is invalid or has expired.';
const USER = 'user-1';
const SUBSCRIPTION = 'sub-1';

async function feedbackToken(t: TestApp, subscriptionId = SUBSCRIPTION): Promise<string> {
  const link = await issueFeedbackLink({ ctx: t.ctx, userId: USER, subscriptionId });
  const url = new URL(link);
  expect(url.pathname).toBe('/feedback');
  return url.searchParams.get('token') ?? '';
}

const submit = (t: TestApp, token: string | undefined, body: Record<string, unknown>) =>
  request(t.app).post('/api/subscription/feedback').query(token === undefined ? {} : { token }).send(body);

describe('POST /api/subscription/feedback', () => {
  const t = withTestApp();

  it.each(['price', 'hard-to-use', 'missing-functionality', 'dont-need', 'other'])(
    'stores the reason %s with the user and subscription of the link, without a session',
    async (reason) => {
      const res = await submit(t, await feedbackToken(t), { reason });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: null, message: 'Thank you for your feedback!' });
      expect(await feedback(t.ctx).find({})).toEqual([expect.objectContaining({ userId: USER, subscriptionId: SUBSCRIPTION, reason })]);
    },
  );

  it('mails the cancellation feedback link, which works once', async () => {
    await sendFeedbackRequestMail({ ctx: t.ctx, user: { _id: USER, email: 'ann@example.com' }, subscriptionId: SUBSCRIPTION });
    const [mail] = await mailsTo({ ctx: t.ctx, to: 'ann@example.com' });
    const link = new RegExp(`${t.ctx.config.publicUrl}/feedback\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(link).not.toBeNull();
    expect((await submit(t, link?.[1], { reason: 'dont-need' })).status).toBe(200);
    expect(await feedback(t.ctx).findOne({})).toMatchObject({ userId: USER, subscriptionId: SUBSCRIPTION, reason: 'dont-need' });
  });

  it('stores a trimmed comment when one is given', async () => {
    await submit(t, await feedbackToken(t), { reason: 'other', comment: '  Too expensive for us  ' });
    expect(await feedback(t.ctx).findOne({})).toMatchObject({ comment: 'Too expensive for us' });
  });

  it('works once: the same link a second time is refused', async () => {
    const token = await feedbackToken(t);
    expect((await submit(t, token, { reason: 'price' })).status).toBe(200);
    const again = await submit(t, token, { reason: 'other' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, message: INVALID });
    expect(await feedback(t.ctx).count({})).toBe(1);
  });

  it('refuses an expired link', async () => {
    const token = await feedbackToken(t);
    t.advance(TOKEN_TTL_MS.feedback + 1000);
    expect((await submit(t, token, { reason: 'price' })).body).toMatchObject({ message: INVALID });
  });

  it("keeps each subscription's latest link working alone", async () => {
    const first = await feedbackToken(t, 'sub-a');
    const other = await feedbackToken(t, 'sub-b');
    const second = await feedbackToken(t, 'sub-a');
    expect((await submit(t, first, { reason: 'price' })).status).toBe(400);
    expect((await submit(t, other, { reason: 'price' })).status).toBe(200);
    expect((await submit(t, second, { reason: 'price' })).status).toBe(200);
  });

  it.each([
    ['no token', undefined, { reason: 'price' }, 'query.token'],
    ['an empty token', '', { reason: 'price' }, 'query.token'],
    ['an unknown token', 'not-a-token', { reason: 'price' }, undefined],
    ['no reason', 'TOKEN', {}, 'reason'],
    ['an unknown reason', 'TOKEN', { reason: 'bored' }, 'reason'],
    ['a 3-character comment', 'TOKEN', { reason: 'other', comment: 'meh' }, 'comment'],
    ['a comment of spaces', 'TOKEN', { reason: 'other', comment: '       ' }, 'comment'],
    ['an unknown field', 'TOKEN', { reason: 'other', rating: 5 }, undefined],
  ])('refuses %s with 400 and keeps the link usable', async (_case, token, body, field) => {
    const valid = await feedbackToken(t);
    const res = await submit(t, token === 'TOKEN' ? valid : token, body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    if (field) expect(Object.keys(res.body.fieldErrors ?? {})).toContain(field);
    expect(await feedback(t.ctx).count({})).toBe(0);
    expect((await submit(t, valid, { reason: 'price' })).status).toBe(200);
  });
});

// Expired sessions stop working at once and are reclaimed by the sweep, not by every write.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { SESSIONS, sweepExpiredSessions } from '../../server/services/sessions/session-store';

const DAYS_15 = 15 * 24 * 60 * 60 * 1000;

describe('expired sessions', () => {
  const t = withTestApp();

  it('are kept while live, refused once expired, and removed by the sweep', async () => {
    const agent = request.agent(t.app);
    await agent.post('/api/user/register').send({ username: 'old@example.com', fullName: 'Old Timer', password: 'correct-horse-battery-staple', captchaToken: 'x' });
    const sessions = t.ctx.store.collection(SESSIONS);
    expect(await sweepExpiredSessions({ ctx: t.ctx })).toBe(0);
    expect((await agent.get('/api/user/session')).body.data.email).toBe('old@example.com');

    t.advance(DAYS_15);
    expect((await agent.get('/api/user/session')).body.data).toBeNull();
    expect(await sessions.count({})).toBe(1);
    expect(await sweepExpiredSessions({ ctx: t.ctx })).toBe(1);
    expect(await sessions.count({})).toBe(0);
  });
});

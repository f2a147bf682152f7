// Signed-in supertest agents for the developer-portal tests, made without the login page:
// the user (and developer profile) are written to the store and a session is planted.
import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import type { AppContext } from '../../server/context';
import { SESSION_COOKIE } from '../../server/app';
import { developers } from '../../server/services/developer/model';
import type { Agent } from './accounts';

export interface SignedIn {
  agent: Agent;
  userId: string;
  developerId?: string;
}

/** express-session's cookie format: "s:" + id + "." + base64 HMAC-SHA256 without padding. */
const signedCookie = (sid: string, secret: string): string =>
  encodeURIComponent(`s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`);

export async function signInAs({
  app,
  ctx,
  email,
  developer = true,
  fullName = 'Test Person',
}: {
  app: Express;
  ctx: AppContext;
  email: string;
  developer?: boolean;
  fullName?: string;
}): Promise<SignedIn> {
  const userId = randomUUID();
  const now = ctx.now().toISOString();
  await ctx.store.collection('users').insertOne({
    _id: userId,
    email,
    fullName,
    isConfirmed: true,
    isSubscribe: false,
    subscribed: false,
    isDeveloper: developer,
    created: now,
    updated: now,
  });
  const developerId = developer ? randomUUID() : undefined;
  if (developerId) await developers(ctx).insertOne({ _id: developerId, userId, name: fullName, email, isActive: true, created: now });
  const sid = randomUUID();
  const expires = new Date(ctx.now().getTime() + 24 * 60 * 60 * 1000).toISOString();
  await ctx.store.collection('sessions').insertOne({
    _id: sid,
    data: { cookie: { originalMaxAge: 86400000, expires, httpOnly: true, path: '/' }, userId },
    userId,
    expiresAt: expires,
  });
  const agent = request.agent(app);
  agent.set('Cookie', `${SESSION_COOKIE}=${signedCookie(sid, ctx.config.sessionSecret)}`);
  return { agent, userId, developerId };
}

/** Creates an app through the API and returns its id. */
export async function createAppAs({ agent, name = 'My First App' }: { agent: Agent; name?: string }): Promise<string> {
  const res = await agent.post('/integrations/developer/apps').send({ name }).expect(201);
  return (res.body as { data: { appId: string } }).data.appId;
}

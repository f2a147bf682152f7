// The design's promise: a property added to the document reaches the API with no other
// code. The app is built on an in-memory edit of the bundled document.
import type { Express } from 'express';
import { createApp } from '../../server/app';
import { developers } from '../../server/services/developer/model';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/developer';
import { companySize, documentWithField, writeDocument } from '../fixtures/document-with-field';

const DETAILS = '/integrations/developer/details';
const profile = { name: 'Ada Labs', email: 'ada@example.com' };

let t: TestApp;
let edited: Express;

beforeAll(async () => {
  t = await createTestApp();
  edited = createApp(t.ctx, { documentPath: writeDocument(documentWithField(companySize)) });
});
afterAll(() => t.close());

const signIn = (app: Express, email: string) => signInAs({ app, ctx: t.ctx, email });

describe('a property added to the document', () => {
  it('is stored, answered and read back', async () => {
    const { agent, userId } = await signIn(edited, 'saver@example.com');
    const saved = await agent.post(DETAILS).send({ ...profile, companySize: '11-50' }).expect(200);
    expect(saved.body.data.companySize).toBe('11-50');
    const read = await agent.get(DETAILS).expect(200);
    expect(read.body.data).toMatchObject({ ...profile, companySize: '11-50' });
    expect(await developers(t.ctx).findOne({ userId })).toMatchObject({ companySize: '11-50' });
  });

  it('is validated against its enum, and the 400 names it by its title', async () => {
    const { agent } = await signIn(edited, 'invalid@example.com');
    const res = await agent.post(DETAILS).send({ ...profile, companySize: 'huge' }).expect(400);
    expect(res.body.fieldErrors).toEqual({ companySize: 'Team size must be one of the allowed values' });
  });

  it('is refused by the app built on the bundled document, which does not declare it', async () => {
    const { agent } = await signIn(t.app, 'bundled@example.com');
    const res = await agent.post(DETAILS).send({ ...profile, companySize: '11-50' }).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['companySize']);
  });
});

describe('a stored field the document does not declare', () => {
  it.each([
    ['the edited document', () => edited, 'edited@example.com'],
    ['the bundled document', () => t.app, 'plain@example.com'],
  ])('never leaves through %s', async (_name, app, email) => {
    const { agent, userId } = await signIn(app(), email);
    await developers(t.ctx).updateOne({ userId }, { $set: { passwordHash: '$argon2id$secret', ownerNotes: 'internal' } });
    const res = await agent.get(DETAILS).expect(200);
    expect(res.body.data).not.toHaveProperty('passwordHash');
    expect(res.body.data).not.toHaveProperty('ownerNotes');
    expect(res.body.data).not.toHaveProperty('_id');
    expect(res.body.data).toMatchObject({ id: expect.any(String), userId, links: [] });
  });
});

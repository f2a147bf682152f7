// The upgrade a team makes: records stored under one document, then a required property with
// a default added to the stored schema. Old records answer with the default and new writes
// store it, with no migration; without the default the start is refused.
import type { Express } from 'express';
import { createApp } from '../../server/app';
import { developers } from '../../server/services/developer/model';
import { evolveStore } from '../../server/schema-evolution/evolve-store';
import { openApiDocument } from '../../server/http/openapi-document';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/developer';
import { companySize, documentWithField, writeDocument } from '../fixtures/document-with-field';

const DETAILS = '/integrations/developer/details';
const withDefault = { ...companySize, property: { ...companySize.property, enum: ['solo', '2-10', '11-50'], default: 'solo' }, required: true };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const start = (document: object) => evolveStore({ store: t.ctx.store, document, migrations: [], now: t.ctx.now });

describe('a required property with a default added to a stored schema', () => {
  let upgraded: Express;
  beforeEach(async () => {
    await start(openApiDocument());
    const document = documentWithField(withDefault);
    await start(document);
    upgraded = createApp(t.ctx, { documentPath: writeDocument(document) });
  });

  it('answers a record stored before it with the default', async () => {
    const { agent } = await signInAs({ app: upgraded, ctx: t.ctx, email: 'old@example.com' });
    const res = await agent.get(DETAILS).expect(200);
    expect(res.body.data.companySize).toBe('solo');
  });

  it('stores the default on a write that leaves it out', async () => {
    const { agent, userId } = await signInAs({ app: upgraded, ctx: t.ctx, email: 'new@example.com' });
    await agent.post(DETAILS).send({ name: 'Ada Labs', email: 'ada@example.com' }).expect(200);
    expect(await developers(t.ctx).findOne({ userId })).toMatchObject({ companySize: 'solo' });
  });
});

it('refuses the start when the required property has no default and stored records lack it', async () => {
  await signInAs({ app: t.app, ctx: t.ctx, email: 'stored@example.com' });
  await start(openApiDocument());
  const withoutDefault = { ...companySize, required: true };
  await expect(start(documentWithField(withoutDefault))).rejects.toThrow(/Schema Developer \(collection "developers"\) now requires "companySize".*\n.*server\/migrations\/0001-developers-companySize\.ts/);
});

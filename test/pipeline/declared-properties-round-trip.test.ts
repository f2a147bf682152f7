// The document's promise for every entity: a property added to an entity's write and read
// schemas is stored by its create or update and answered by its reads, with no other code. The
// walk of the bundled document (test/fixtures/entity-writes.ts) finds every entity write; each
// has a scenario (test/fixtures/entity-write-scenarios.ts) or a reason in EXCLUDED, so a new entity fails this test until it has one.
import { createApp } from '../../server/app';
import { openApiDocument } from '../../server/http/openapi-document';
import { appUsers } from '../../server/services/developer/model';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { withStripeMock } from '../helpers/stripe-mock';
import { documentWithProbe, entityWrites } from '../fixtures/entity-writes';
import { EXCLUDED, appPath, carries, dataOf, entityWriteScenarios } from '../fixtures/entity-write-scenarios';
import { writeDocument } from '../fixtures/document-with-field';

const PROBE = 'probeNote';

const writes = entityWrites(openApiDocument());
const probedWrites = writes.filter((w) => !(w.operationId in EXCLUDED));
const probed = [...new Set(probedWrites.flatMap((w) => [w.write, w.read]))];

const stripe = withStripeMock();
let t: TestApp;
let on: ReturnType<typeof entityWriteScenarios>;

beforeAll(async () => {
  t = await createTestApp({ payments: { stripeApiBase: stripe.url, paddleApiBase: 'http://127.0.0.1:9' } });
  const edited = createApp(t.ctx, { documentPath: writeDocument(documentWithProbe({ document: openApiDocument(), name: PROBE, schemas: probed })) });
  on = entityWriteScenarios({ app: edited, ctx: t.ctx });
});
afterAll(() => t.close());

describe('the walk of the bundled document', () => {
  it('finds the entity writes, and each has a scenario or a reason to take no probe', () => {
    const found = writes.map((w) => w.operationId).sort();
    expect(found.length).toBeGreaterThan(30);
    expect(found.filter((id) => !(id in on.scenarios) && !(id in EXCLUDED))).toEqual([]);
    expect([...Object.keys(on.scenarios), ...Object.keys(EXCLUDED)].filter((id) => !found.includes(id))).toEqual([]);
  });
});

describe('a property added to the write and read schemas of an entity', () => {
  it.each(probedWrites.map((w) => [w.operationId, w] as const))('is stored by %s and answered by its reads', async (operationId, write) => {
    const value = `probe of ${operationId}`;
    const { written, reads } = await on.scenarios[operationId].run({ [PROBE]: value });
    expect(carries(written, value)).toBe(true);
    // Every GET the walk found near the write is read, and any the scenario adds (a list elsewhere).
    expect(write.readers.filter((reader) => !(reader in reads))).toEqual([]);
    const missing: string[] = [];
    for (const [reader, { agent, path }] of Object.entries(reads)) {
      const res = await agent.get(path);
      if (!carries(dataOf(res, reader), value)) missing.push(reader);
    }
    expect(missing).toEqual([]);
  });
});

describe('a key the body schema does not declare', () => {
  it('never reaches the store, even where the schema leaves the body open (AppUserInput, NoteInput)', async () => {
    const { agent, appId } = await on.developer();
    const userId = await on.appUserOf(appId);
    const foreign = { appId: 'someone-else', _id: 'taken', platformUserId: 'forged' };
    await agent.put(appPath(appId, `/users/${userId}`)).send({ accountName: 'Store', ...foreign }).expect(200);
    expect(await appUsers(t.ctx).findOne({ _id: userId })).toMatchObject({ appId, platformUserId: expect.not.stringMatching('forged') });
    const note = await agent.post(appPath(appId, `/users/${userId}/notes`)).send({ title: 'Call', id: 'chosen', pinned: true }).expect(201);
    expect(note.body.data.id).not.toBe('chosen');
    expect((await appUsers(t.ctx).findOne({ _id: userId }))?.notes?.[0]).not.toHaveProperty('pinned');
  });
});

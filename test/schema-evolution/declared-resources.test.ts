// A declared resource's stored records are checked at start-up like a hand-written stored
// schema, with no `x-stored-in` to remember: a required property with no default refuses the
// start instead of every list and get answering 500 (issue 27 item 10).
import { createApp } from '../../server/app';
import { evolveStore } from '../../server/schema-evolution/evolve-store';
import { SchemaEvolutionError } from '../../server/schema-evolution/refusal';
import { storedShapes } from '../../server/schema-evolution/stored-shapes';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/accounts';
import { documentWithDeclaredResources } from '../fixtures/declared-document';

type Schema = { required?: string[]; properties: Record<string, object>; 'x-resource'?: object };
type Document = { components: { schemas: Record<string, Schema> } };

const FAST = { leaseMs: 2_000, pollMs: 20, waitMs: 20_000 };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const start = (document: object) => evolveStore({ store: t.ctx.store, document, migrations: [], now: t.ctx.now, timing: FAST });

/** The document with `field` added to `schema` as a required property with no default. */
function requiring({ document, schema, field }: { document: object; schema: string; field: string }): Document {
  const edited = structuredClone(document) as Document;
  const target = edited.components.schemas[schema];
  target.properties[field] = { type: 'string', title: 'Audience', maxLength: 40 };
  target.required = [...(target.required ?? []), field];
  return edited;
}

describe('a declared resource at start-up', () => {
  it('is checked with no x-stored-in, in its own collection or its parent\'s list', () => {
    const { document } = documentWithDeclaredResources();
    const shapes = storedShapes(document);
    expect(shapes.filter((shape) => ['Announcement', 'Bookmark', 'ReleaseNote', 'AppUserNote', 'Webhook'].includes(shape.schema)).map(({ schema, collection, embedded }) => ({ schema, collection, embedded }))).toEqual([
      { schema: 'AppUserNote', collection: 'appUsers', embedded: 'notes' },
      { schema: 'Webhook', collection: 'webhooks', embedded: undefined },
      { schema: 'Announcement', collection: 'announcements', embedded: undefined },
      { schema: 'Bookmark', collection: 'bookmarks', embedded: undefined },
      { schema: 'ReleaseNote', collection: 'releaseNotes', embedded: undefined },
    ]);
    // Webhook is both declared and marked: checked once.
    expect(shapes.filter((shape) => shape.schema === 'Webhook')).toHaveLength(1);
  });

  it('refuses a required property with no default that stored records lack, naming the schema and the migration', async () => {
    const { document, path } = documentWithDeclaredResources();
    await start(document);
    const app = createApp(t.ctx, { documentPath: path });
    const agent = await signedInUser({ t: { ...t, app }, email: 'bookmarks@declared.test' });
    await agent.post('/api/bookmarks').send({ label: 'Docs', url: 'https://example.com/docs' }).expect(201);
    const refused = start(requiring({ document, schema: 'Bookmark', field: 'audience' }));
    await expect(refused).rejects.toThrow(SchemaEvolutionError);
    await expect(refused).rejects.toThrow(/Schema Bookmark \(collection "bookmarks"\) now requires "audience", which has no default, and stored records lack it: 1 of 1 sampled records/);
    await expect(refused).rejects.toThrow(/Write a migration server\/migrations\/0001-bookmarks-audience\.ts/);
  });

  it('reads the id of a record of its own collection from _id, so requiring it needs nothing', async () => {
    const { document } = documentWithDeclaredResources();
    const withoutId = structuredClone(document) as Document;
    withoutId.components.schemas.Bookmark.required = ['label', 'url'];
    await start(withoutId);
    await t.ctx.store.collection('bookmarks').insertOne({ _id: 'b1', label: 'Docs', url: 'https://example.com', ownerId: 'u1' });
    await expect(start(document)).resolves.toEqual({ migrations: [], refusals: [] });
  });

  it('refuses a required property that the records kept in a parent\'s list lack', async () => {
    const { document } = documentWithDeclaredResources();
    await start(document);
    await t.ctx.store.collection('appUsers').insertOne({ _id: 'u1', appId: 'a1', notes: [{ id: 'n1', title: 'Called back' }] });
    await expect(start(requiring({ document, schema: 'AppUserNote', field: 'audience' }))).rejects.toThrow(
      /Schema AppUserNote \(the "notes" lists of collection "appUsers"\) now requires "audience", which has no default, and stored records lack it: 1 of 1 sampled records, for example one in _id u1\.\n {2}Write a migration server\/migrations\/0001-appUsers-notes-audience\.ts/,
    );
  });
});

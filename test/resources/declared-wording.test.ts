// How a declared resource's answers and screen read (issue 27 item 11): a delete says what it
// did, an empty update asks for a field instead of quoting the schema, a pattern's failure says
// what the declaration gives (the same words on the server and in the form), and the count
// names the records by their plural noun.
import type { Agent } from '../helpers/accounts';
import { signedInUser } from '../helpers/accounts';
import { createApp } from '../../server/app';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { documentWithDeclaredResources } from '../fixtures/declared-document';
import { declaredScreens } from '../../forms/resource/declared';
import { declaredDescription } from '../../forms/resource/declared-description';
import { formValidator } from '../../forms/validator';
import { transformErrors } from '../../forms/transform-errors';
import { formRoot } from '../../forms/root-schema';
import type { JsonSchema } from '../../forms/schemas';
import type { RJSFSchema } from '@rjsf/utils';

const BOOKMARKS = '/api/bookmarks';
const { path, document } = documentWithDeclaredResources();
const schemas = (document.components as { schemas: Record<string, JsonSchema> }).schemas;

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  t = { ...t, app: createApp(t.ctx, { documentPath: path }) };
  agent = await signedInUser({ t, email: 'wording@declared.test' });
});
afterAll(() => t.close());

describe('the answers of a declared resource', () => {
  it('say "<Name> deleted" on a delete', async () => {
    const { id } = (await agent.post(BOOKMARKS).send({ label: 'Docs', url: 'https://example.com' }).expect(201)).body.data;
    const deleted = await agent.delete(`${BOOKMARKS}/${id}`).expect(200);
    expect(deleted.body).toMatchObject({ success: true, data: null, message: 'Bookmark deleted' });
  });

  it('ask for a field on an empty update, filed under no field', async () => {
    const { id } = (await agent.post(BOOKMARKS).send({ label: 'Docs', url: 'https://example.com' }).expect(201)).body.data;
    const empty = await agent.patch(`${BOOKMARKS}/${id}`).send({}).expect(400);
    expect(empty.body).toMatchObject({ message: 'Send at least one field to change', fieldErrors: {} });
  });

  it("give a failed pattern the declaration's words, never the pattern", async () => {
    const refused = await agent.post(BOOKMARKS).send({ label: 'Docs', url: 'ftp://example.com' }).expect(400);
    expect(refused.body).toMatchObject({ message: 'Address must start with http:// or https://', fieldErrors: { url: 'Address must start with http:// or https://' } });
  });
});

describe('the screen of a declared resource', () => {
  it("shows a failed pattern in the form with the server's words", () => {
    const schema = formRoot({ schema: schemas.BookmarkInput, definitions: schemas }) as RJSFSchema;
    const { errors } = formValidator<unknown>().validateFormData({ label: 'Docs', url: 'ftp://example.com' }, schema, undefined, transformErrors);
    expect(errors.map((error) => error.message)).toEqual(['Address must start with http:// or https://']);
  });

  it('counts the records by the plural noun, whatever the menu title', () => {
    const checklist = {
      type: 'object',
      'x-resource': { collection: 'launchChecklists', path: '/api/projects/{projectId}/launch-checklists', scope: 'project', search: ['name'], screen: { menu: 'project', title: 'Launch checklist' } },
      required: ['id', 'name'],
      properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', title: 'Name' } },
    };
    const [screen] = declaredScreens({ LaunchChecklist: checklist });
    const { texts } = declaredDescription({ screen, role: 'owner' });
    expect(texts.title).toBe('Launch checklist');
    expect(texts.subtitle).toEqual({ one: '{n} launch checklist found', other: '{n} launch checklists found' });
  });
});

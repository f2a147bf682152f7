// Links that can only be links (issue 19): every address a user stores is http: or https: (an
// image may also be an uploaded file's path; a project's domain is a host name), declared once
// in the document (HttpUrl, HttpsUrl, ImageUrl, LinkUrl, HostName in openapi/root.yaml) and refused
// with 400 naming the field, whatever trick the value plays. docs/stored-urls.md.
import type { Response } from 'supertest';
import doc from '../../generated/openapi.json';
import { withTestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';
import { workspaceCast, workspaceProject } from '../workspace/fixtures';
import type { WorkspaceCast } from '../workspace/fixtures';
import { fieldMessage } from '../../rules/validation-messages';
import { formValidator } from '../../forms/validator';
import { transformErrors } from '../../forms/transform-errors';
import { loadedSchemas, schemaOf } from '../../forms/schemas';
import { formRoot } from '../../forms/root-schema';
import { HOST_NAME_PATTERN, HTTP_URL_PATTERN, HTTPS_URL_PATTERN, IMAGE_URL_PATTERN, LINK_URL_PATTERN, isHttpUrl, isImageUrl } from '../../rules/url-patterns';
import { settingsDefaults } from '../../rules/widget-settings';
import { settingsSchemaOf } from '../../server/services/widget-embed/settings-schemas';
import { widgets } from '../../server/services/workspace/model';
import { apps, developers } from '../../server/services/developer/model';
import { AppEndpointsSchema } from '../../generated/schemas/AppEndpoints';

type SchemaNode = Record<string, unknown>;
const schemas = (doc as unknown as { components: { schemas: Record<string, SchemaNode> } }).components.schemas;
const ADDRESS_SCHEMAS = ['HttpUrl', 'HttpsUrl', 'ImageUrl', 'LinkUrl', 'HostName'].map((name) => `#/components/schemas/${name}`);
const ADDRESS_NAME = /(url|link|callback|success|failure|icon|thumbnail|image|logo|domain|website|href|src|avatar|picture)$/i;
/** Not stored: login and signup follow a same-origin path only, by the safe-redirect rule (docs/accounts.md). */
const NOT_STORED = new Set(['AccountLoginBody.redirectUrl', 'AccountRegisterBody.redirectUrl']);

/** Every property named like an address under `node`, as owner.name, with its schema as written. */
function addressProperties(node: SchemaNode | undefined, owner: string, seen: Set<string>, found: Map<string, SchemaNode>): void {
  if (!node) return;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.split('/').pop() ?? '';
    if (ADDRESS_SCHEMAS.includes(node.$ref) || seen.has(name)) return;
    seen.add(name);
    addressProperties(schemas[name], name, seen, found);
    return;
  }
  for (const part of [...((node.allOf as SchemaNode[]) ?? []), ...((node.anyOf as SchemaNode[]) ?? []), ...((node.oneOf as SchemaNode[]) ?? [])]) addressProperties(part, owner, seen, found);
  addressProperties(node.items as SchemaNode | undefined, owner, seen, found);
  for (const [key, property] of Object.entries((node.properties as Record<string, SchemaNode>) ?? {})) {
    if (ADDRESS_NAME.test(key)) found.set(`${owner}.${key}`, property);
    addressProperties(property, `${owner}.${key}`, seen, found);
  }
}

describe('the document', () => {
  it('declares the address schemas with the patterns whose failures rules/url-patterns.ts words', () => {
    expect(Object.fromEntries(['HttpUrl', 'HttpsUrl', 'ImageUrl', 'LinkUrl', 'HostName'].map((name) => [name, schemas[name]?.pattern]))).toEqual({
      HttpUrl: HTTP_URL_PATTERN,
      HttpsUrl: HTTPS_URL_PATTERN,
      ImageUrl: IMAGE_URL_PATTERN,
      LinkUrl: LINK_URL_PATTERN,
      HostName: HOST_NAME_PATTERN,
    });
  });

  it('refers every address a request stores, widget settings included, to one of them', () => {
    const found = new Map<string, SchemaNode>();
    const seen = new Set<string>();
    for (const item of Object.values((doc as unknown as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: SchemaNode }> } }>> }).paths)) {
      for (const operation of Object.values(item)) {
        for (const media of Object.values(operation.requestBody?.content ?? {})) addressProperties(media.schema, 'body', seen, found);
      }
    }
    for (const name of Object.keys(schemas).filter((n) => n.endsWith('Settings') && n !== 'CaptchaSettings')) addressProperties({ $ref: `#/components/schemas/${name}` }, name, seen, found);
    const loose = [...found].filter(([where, property]) => !NOT_STORED.has(where) && !ADDRESS_SCHEMAS.includes(String(property.$ref))).map(([where]) => where);
    expect(found.size).toBeGreaterThan(15);
    expect(loose).toEqual([]);
  });
});

describe('the words of a refused address', () => {
  const failed = (pattern: string, label: string): string => fieldMessage({ path: 'x', errorCode: 'pattern', message: `must match pattern "${pattern}"`, label });
  it.each([
    ['HttpUrl', HTTP_URL_PATTERN, 'Checkout success URL', 'Checkout success URL must be a valid URL'],
    ['ImageUrl', IMAGE_URL_PATTERN, 'Logo', 'Logo must be a valid URL'],
    ['HttpsUrl', HTTPS_URL_PATTERN, 'URL', 'Invalid URL, must start with https://'],
    ['HostName', HOST_NAME_PATTERN, 'Domain', 'Domain must be a domain name such as example.com'],
    ['LinkUrl', LINK_URL_PATTERN, 'Link', 'Link must be an https:// address, or mailto: and an email address'],
  ])('reads a failed %s pattern in the words the field shows', (_name, pattern, label, words) => {
    expect(failed(pattern, label)).toBe(words);
  });

  it('keeps the rules/ checks the same as the patterns', () => {
    expect(['https://a.example/x', 'http://a.example'].every(isHttpUrl)).toBe(true);
    expect(['', '/api/user/file/x', 'https://a.example@evil.example', 'HTTPS://a.example', 'javascript:alert(1)'].some(isHttpUrl)).toBe(false);
    expect(['https://a.example/x.png', '/api/user/file/x'].every(isImageUrl)).toBe(true);
    expect(['', '//evil.example/x.png', '/\\evil.example', 'data:image/png;base64,AAAA'].some(isImageUrl)).toBe(false);
  });
});

describe('the forms', () => {
  const schema = formRoot({ schema: schemaOf(AppEndpointsSchema), definitions: loadedSchemas() });
  const messages = (data: Record<string, string>): string[] =>
    formValidator<Record<string, string>>()
      .validateFormData(data, schema, undefined, transformErrors)
      .errors.map((error) => error.message ?? '');

  it('show the field\'s words for an unsafe link, and take a pasted link with spaces around it (trimmed on save)', () => {
    expect(messages({ authCallback: 'javascript:alert(3)' })).toEqual(['Redirect URL must be a valid URL']);
    expect(new Set(messages({ checkoutSuccess: ' //evil.example ' }))).toEqual(new Set(['Checkout success URL must be a valid URL']));
    expect(messages({ authCallback: '  https://app.example/cb  ', checkoutFailure: '' })).toEqual([]);
  });
});

/** Script, other schemes, and the tricks that turn a string into one: case, tabs, slashes, user@, padding, length. */
const UNSAFE = [
  'javascript:alert(3)',
  'JAVASCRIPT:alert(3)',
  'java\tscript:alert(3)',
  ' javascript:alert(3)',
  'data:text/html,<script>alert(3)</script>',
  'vbscript:msgbox(3)',
  '//evil.example/x',
  '/\\evil.example/x',
  'https:\\\\evil.example',
  'https:///evil.example',
  'https://trusted.example@evil.example/',
  'http://exa mple.example',
  'https://a.example/\u0000',
  `https://a.example/${'a'.repeat(2000)}`,
];
const LINKS = ['https://shop.example/sale?x=1#top', 'http://example.com'];
const IMAGES = [...LINKS, '/api/user/file/abc'];

describe('the server refuses an unsafe stored address with the field named', () => {
  const t = withTestApp({ scope: 'file' });
  let cast: WorkspaceCast;
  let developer: Agent;
  let developerId: string | undefined;
  let appId: string;
  let projectId: string;
  beforeAll(async () => {
    cast = await workspaceCast(t);
    ({ projectId } = await workspaceProject({ t, cast }));
    ({ agent: developer, developerId } = await signInAs({ app: t.app, ctx: t.ctx, email: 'links@example.com' }));
    appId = await createAppAs({ agent: developer, name: 'Link App' });
  });

  const widget = (type: string, settings: Record<string, unknown>) => cast.agents.owner.post('/api/v1/plugin').send({ type, settings });
  const pricingPlans = (buttonUrl: string) => {
    const [first, ...rest] = settingsDefaults(settingsSchemaOf('pricing-table') ?? {}).plans as Record<string, unknown>[];
    return { plans: [{ ...first, buttonUrl }, ...rest] };
  };
  const details = (extra: Record<string, unknown>) => developer.post('/integrations/developer/details').send({ name: 'Dana', email: 'dana@example.com', ...extra });

  const FIELDS: [string, (value: string) => Promise<Response>, string, string, string[]][] = [
    ['announcement bar link (settings)', (v) => widget('announcement-bar', { linkUrl: v }), 'settings.linkUrl', 'Link', LINKS],
    ['countdown button link (settings)', (v) => widget('countdown', { buttonUrl: v }), 'settings.buttonUrl', 'Button link', LINKS],
    ['pricing table plan button link (settings)', (v) => widget('pricing-table', pricingPlans(v)), 'settings.plans.0.buttonUrl', 'Button link', LINKS],
    ['app Redirect URL', (v) => developer.put(`/integrations/developer/apps/${appId}`).send({ endpoints: { authCallback: v } }), 'endpoints.authCallback', 'Redirect URL', LINKS],
    ['app Error Redirect URL', (v) => developer.put(`/integrations/developer/apps/${appId}`).send({ endpoints: { authErrorCallback: v } }), 'endpoints.authErrorCallback', 'Error Redirect URL', LINKS],
    ['app checkout success URL', (v) => developer.put(`/integrations/developer/apps/${appId}`).send({ endpoints: { checkoutSuccess: v } }), 'endpoints.checkoutSuccess', 'Checkout success URL', LINKS],
    ['app checkout failure URL', (v) => developer.put(`/integrations/developer/apps/${appId}`).send({ endpoints: { checkoutFailure: v } }), 'endpoints.checkoutFailure', 'Checkout failure URL', LINKS],
    ['app icon', (v) => developer.put(`/integrations/developer/apps/${appId}`).send({ meta: { icon: v } }), 'meta.icon', 'Icon', IMAGES],
    ['developer profile link', (v) => details({ links: [{ type: 'website', url: v }] }), 'links.0.url', 'Link', LINKS],
    ['developer privacy link', (v) => details({ privacyLink: v }), 'privacyLink', 'Privacy link', LINKS],
    ['developer logo', (v) => details({ thumbnail: v }), 'thumbnail', 'Logo', IMAGES],
    ['profile picture', (v) => cast.agents.owner.post('/api/user').send({ thumbnail: v }), 'thumbnail', 'Profile picture', IMAGES],
    ['project thumbnail', (v) => cast.agents.owner.put(`/api/project/${projectId}`).send({ name: 'Shop', thumbnail: v }), 'thumbnail', 'Thumbnail', IMAGES],
  ];

  it.each(FIELDS)('%s: http(s) only, refused with 400 on the field', async (_field, send, key, label, valid) => {
    for (const value of UNSAFE) {
      const res = await send(value);
      expect({ value, status: res.status }).toEqual({ value, status: 400 });
      const expected = value.length > 2000 ? `${label} must be at most 2000 characters` : `${label} must be a valid URL`;
      expect({ value, error: res.body.fieldErrors?.[key] }).toEqual({ value, error: expected });
    }
    for (const value of valid) {
      const res = await send(value);
      expect({ value, accepted: res.status < 300 }).toEqual({ value, accepted: true });
    }
  });

  it('keeps an unsafe link out of the public embed call: the widget keeps its safe link', async () => {
    const created = await widget('announcement-bar', { linkUrl: 'https://shop.example/new' });
    const guid = created.body.data.guid as string;
    const refused = await cast.agents.owner.put(`/api/v1/plugin/${guid}`).send({ settings: { linkUrl: 'javascript:alert(3)' } });
    expect(refused.status).toBe(400);
    const published = await cast.agents.anonymous.get(`/api/v1/embed/widget/${guid}`).expect(200);
    expect(published.body.data.settings.linkUrl).toBe('https://shop.example/new');
  });

  it('answers an app and a profile whose addresses were stored before the patterns, with those addresses empty', async () => {
    const legacy = await createAppAs({ agent: developer, name: 'Old App' });
    await apps(t.ctx).updateOne({ _id: legacy }, { $set: { 'endpoints.authCallback': 'HTTPS://old.example/cb', 'endpoints.checkoutSuccess': 'https://old.example/ok', 'meta.icon': 'https://me@old.example/i.png' } });
    const app = await developer.get(`/integrations/developer/apps/${legacy}`).expect(200);
    expect(app.body.data).toMatchObject({ endpoints: { authCallback: '', checkoutSuccess: 'https://old.example/ok' }, meta: { icon: '' } });
    await details({ links: [{ type: 'website', url: 'https://dana.example' }] }).expect(200);
    await developers(t.ctx).updateOne({ _id: developerId }, { $set: { links: [{ type: 'website', url: 'https://dana.example' }, { type: 'github', url: 'https:\\\\github.com/dana' }] } });
    const profile = await developer.get('/integrations/developer/details').expect(200);
    expect(profile.body.data.links).toEqual([{ type: 'website', url: 'https://dana.example' }, { type: 'github', url: '' }]);
  });

  it('publishes a link saved before links were checked as its default, never as it is', async () => {
    const bar = (await widget('announcement-bar', { linkUrl: 'https://shop.example/new' })).body.data.guid as string;
    const table = (await widget('pricing-table', pricingPlans('https://shop.example/buy'))).body.data.guid as string;
    await widgets(t.ctx).updateOne({ _id: bar }, { $set: { 'settings.linkUrl': 'javascript:alert(3)' } });
    await widgets(t.ctx).updateOne({ _id: table }, { $set: { settings: pricingPlans('data:text/html,<script>alert(3)</script>') } });
    const published = await cast.agents.anonymous.get(`/api/v1/embed/widget/${bar}`).expect(200);
    expect(published.body.data.settings.linkUrl).toBe('https://example.com/shop');
    const plans = (await cast.agents.anonymous.get(`/api/v1/embed/widget/${table}`).expect(200)).body.data.settings.plans as { buttonUrl: string }[];
    expect(plans.map((plan) => plan.buttonUrl)).toEqual(['', 'https://example.com/signup?plan=pro', 'https://example.com/contact']);
  });

  it.each([
    ['https://shop.example.com'],
    ['shop.example.com/path'],
    ['shop.example.com:8080'],
    ['javascript:alert(3)'],
    ['//evil.example'],
    ['shop example.com'],
    ['-shop.example.com'],
    ['localhost'],
    ['127.0.0.1'],
  ])('takes a host name only as a project domain: refuses %s', async (domain) => {
    const res = await cast.agents.owner.put(`/api/project/${projectId}`).send({ name: 'Shop', domain });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ domain: 'Domain must be a domain name such as example.com' });
    const saved = await cast.agents.owner.put(`/api/project/${projectId}`).send({ name: 'Shop', domain: 'Shop.Example.co.uk' });
    expect(saved.status).toBe(200);
  });

  it('takes https only as a webhook URL, in the spec words', async () => {
    for (const url of [...UNSAFE.slice(0, -1), 'http://example.com/hook']) {
      const res = await developer.post(`/integrations/developer/apps/${appId}/webhooks`).send({ url });
      expect({ url, status: res.status, error: res.body.fieldErrors?.url }).toEqual({ url, status: 400, error: 'Invalid URL, must start with https://' });
    }
  });
});

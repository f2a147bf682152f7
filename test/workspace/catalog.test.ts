import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { catalogApps, catalogComponentTypes, findCatalogApp, readCatalogSeed, seedCatalog } from '../../server/services/workspace/catalog/catalog-apps';
import { DRAFT, catalogWithDraft } from './catalog-draft';
import { editorPath, tagIcon } from '../../rules/catalog';

const seed = readCatalogSeed();
const published = seed.filter((app) => app.status === 'published');
const withDraft = (t: { ctx: Parameters<typeof catalogWithDraft>[0] }) => () => catalogWithDraft(t.ctx);
const slugsOf = (apps: ReadonlyArray<{ slug: string }>) => apps.map((app) => app.slug).sort();

describe('the widget catalog data', () => {
  const t = withTestApp({ scope: 'file' });

  it('seeds at least 24 published built-in types (issue 38), with unique slugs and types', () => {
    expect(published.length).toBeGreaterThanOrEqual(24);
    expect(seed.every((app) => ['published', 'draft'].includes(app.status))).toBe(true);
    expect(new Set(seed.map((app) => app.slug)).size).toBe(seed.length);
    expect(new Set(seed.map((app) => app.componentType)).size).toBe(seed.length);
    const types = published.map((app) => app.componentType);
    expect(types).toEqual(expect.arrayContaining(['countdown', 'faq', 'testimonials', 'poll', 'pricing-table', 'announcement-bar']));
  });

  it('gives every entry each field of a catalog entry and an illustration that exists', () => {
    for (const app of seed) {
      for (const field of ['name', 'slug', 'componentType', 'serviceName', 'category', 'teaser', 'promotionImage', 'buttonText'] as const) {
        expect(app[field]).toEqual(expect.any(String));
      }
      expect(app.tags.length).toBeGreaterThan(0);
      expect(existsSync(join(__dirname, '..', '..', 'web', 'public', app.promotionImage))).toBe(true);
    }
  });

  it('copies the file into catalogApps by slug, again without duplicates, over a stored edit', async () => {
    await seedCatalog(t.ctx);
    await catalogApps(t.ctx).updateOne({ _id: 'poll' }, { $set: { teaser: 'edited' } });
    await seedCatalog(t.ctx);
    expect(await catalogApps(t.ctx).count({})).toBe(seed.length);
    expect(await catalogApps(t.ctx).findOne({ _id: 'poll' })).toMatchObject({ teaser: published.find((a) => a.slug === 'poll')?.teaser });
  });

  it('finds a published app by componentType or slug for widget creation, never a draft', async () => {
    await catalogApps(t.ctx).insertOne(DRAFT);
    expect(await findCatalogApp({ ctx: t.ctx, componentType: 'countdown' })).toMatchObject({ slug: 'countdown-timer' });
    expect(await findCatalogApp({ ctx: t.ctx, slug: 'faq' })).toMatchObject({ componentType: 'faq' });
    expect(await findCatalogApp({ ctx: t.ctx, componentType: DRAFT.componentType })).toBeNull();
    expect(await findCatalogApp({ ctx: t.ctx, componentType: 'nope' })).toBeNull();
    expect(await findCatalogApp({ ctx: t.ctx })).toBeNull();
    expect((await catalogComponentTypes({ ctx: t.ctx })).sort()).toEqual(published.map((a) => a.componentType).sort());
  });
});

describe('GET /api/v1/catalog', () => {
  const t = withTestApp({ scope: 'file' });
  beforeAll(withDraft(t));
  const list = (query: Record<string, string> = {}) => request(t.app).get('/api/v1/catalog').query(query);

  it('lists only published apps by name, without a session, with All and category counts', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const slugs = res.body.data.apps.map((a: { slug: string }) => a.slug);
    expect(slugs.sort()).toEqual(published.map((a) => a.slug).sort());
    expect(slugs).not.toContain(DRAFT.slug);
    expect(res.body.data.total).toBe(published.length);
    const social = published.filter((a) => a.category === 'Social Proof').length;
    expect(res.body.data.categories).toContainEqual({ name: 'Social Proof', count: social });
    const counted = res.body.data.categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0);
    expect(counted).toBe(published.length);
    expect(Object.keys(res.body.data.apps[0]).sort()).toEqual(
      ['buttonText', 'category', 'componentType', 'name', 'promotionImage', 'serviceName', 'slug', 'status', 'tags', 'teaser'],
    );
  });

  it.each([
    ['name, case-insensitive', { search: 'COUNTDOWN' }, ['countdown-timer']],
    ['teaser words', { search: 'cookie consent' }, ['cookie-banner']],
    ['a tag', { tag: 'Engagement' }, slugsOf(published.filter((app) => app.tags.includes('Engagement')))],
    ['a category', { category: 'Forms' }, slugsOf(published.filter((app) => app.category === 'Forms'))],
    ['search and category together', { search: 'vote', category: 'Forms' }, ['poll']],
    ['search outside the category', { search: 'vote', category: 'Sales' }, []],
    ['a draft by name', { search: 'coming soon' }, []],
    ['nothing ("Widget not found" on the page)', { search: 'zzz-no-such-widget' }, []],
  ])('filters by %s', async (_case, query, expected) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    expect(res.body.data.apps.map((a: { slug: string }) => a.slug).sort()).toEqual(expected);
  });

  it('keeps every category button counted while one category is chosen', async () => {
    const all = await list({ search: 'your' });
    const forms = await list({ search: 'your', category: 'Forms' });
    expect(forms.body.data.categories).toEqual(all.body.data.categories);
    expect(forms.body.data.total).toBe(all.body.data.total);
  });

  it('counts tags for the Home groups', async () => {
    const res = await list();
    const popular = published.filter((a) => a.tags.includes('Most Popular')).length;
    expect(res.body.data.tags).toContainEqual({ name: 'Most Popular', count: popular });
  });
});

describe('GET /api/v1/catalog/discover, /new and /app/{slug}', () => {
  const t = withTestApp({ scope: 'file' });
  beforeAll(withDraft(t));

  it('discovers 6 distinct published apps, drawn anew each call', async () => {
    const draws = await Promise.all([1, 2, 3, 4, 5].map(() => request(t.app).get('/api/v1/catalog/discover')));
    const publishedSlugs = published.map((a) => a.slug);
    for (const res of draws) {
      const slugs = res.body.data.map((a: { slug: string }) => a.slug);
      expect(slugs).toHaveLength(6);
      expect(new Set(slugs).size).toBe(6);
      for (const slug of slugs) expect(publishedSlugs).toContain(slug);
    }
    expect(new Set(draws.map((res) => res.body.data.map((a: { slug: string }) => a.slug).join())).size).toBeGreaterThan(1);
  });

  it("lists What's New: the published apps with a tag of the word new", async () => {
    const res = await request(t.app).get('/api/v1/catalog/new');
    const expected = published.filter((a) => a.tags.some((tag) => tagIcon(tag) === 'new')).map((a) => a.slug);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.data.map((a: { slug: string }) => a.slug).sort()).toEqual(expected.sort());
  });

  it.each([
    ['a published slug', 'faq', 200, undefined],
    ["a draft's slug", DRAFT.slug, 404, 'Plugin type not found'],
    ['an unknown slug', 'nope', 404, 'Plugin type not found'],
  ])('answers %s', async (_case, slug, status, message) => {
    const res = await request(t.app).get(`/api/v1/catalog/app/${slug}`);
    expect(res.status).toBe(status);
    if (message) expect(res.body).toMatchObject({ success: false, message });
    else expect(res.body.data).toMatchObject({ slug, status: 'published' });
  });
});

describe('tagIcon', () => {
  it.each([
    ['Most Popular', 'popular'],
    ['Trending', 'trending'],
    ['New Widgets', 'new'],
    ['Newsletter', undefined],
    ['Marketing', undefined],
  ])('gives %s the icon %s', (tag, icon) => {
    expect(tagIcon(tag)).toBe(icon);
  });
});

describe('editorPath', () => {
  it.each([
    ['in a project', { slug: 'faq', projectId: 'p-1' }, '/faq/editor?projectId=p-1'],
    ['outside a project', { slug: 'faq' }, '/faq/editor'],
    ['among the uncategorized widgets', { slug: 'faq', projectId: 'uncategorized' }, '/faq/editor'],
  ])('links a card %s', (_case, input, path) => {
    expect(editorPath(input)).toBe(path);
  });
});

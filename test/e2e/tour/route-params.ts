// Values for the route table's parameters, read from the demo data through the API as the
// signed-in demo accounts see it. A parameter that names a tab takes every tab, so each tab
// with an address of its own is visited. A new parameter fails the tour until it is given here.
import type { APIRequestContext } from 'playwright-core';
import { COLLECTION_TABS } from '../../../web/src/pages/developer/database/paths';
import { INTEGRATION_TABS } from '../../../web/src/pages/developer/integrations/tabs';
import { PAYMENT_TABS } from '../../../web/src/pages/developer/payments/tabs';
import { paramsOf } from './route-patterns';

type Chosen = Record<string, string>;
/** The values one parameter takes, given the pattern and the parameters already chosen to its left. */
type Resolver = (args: { pattern: string; chosen: Chosen; api: TourApi }) => Promise<string[]>;

export interface TourApi {
  /** Signed in as the demo developer. */
  developer: APIRequestContext;
  /** Signed in as the demo site owner whose screens are toured. */
  owner: APIRequestContext;
}

/** A webhook receiver nobody listens on (loopback, a closed port), so the messages page has a webhook to show. */
const TOUR_WEBHOOK_URL = 'https://127.0.0.1:9/nindo-tour';
const PRICING_SERVICE = 'widgetsbundle';
const PRICING_VENDOR = 'wix';
/** A token no link carried: the page shows its expired-link state. */
const UNKNOWN_TOKEN = 'not-a-real-token';

async function data<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(path);
  if (!answer.ok()) throw new Error(`GET ${path} answered ${answer.status()}`);
  return ((await answer.json()) as { data: T }).data;
}

/** The first item's value, or none when the demo data has none (the route is then not visited). */
const firstOf = <T>(items: readonly T[], value: (item: T) => string): string[] => items.slice(0, 1).map(value);

const devApp = (chosen: Chosen): string => `/integrations/developer/apps/${encodeURIComponent(chosen.appId ?? '')}`;

async function webhookId({ api, chosen }: { api: TourApi; chosen: Chosen }): Promise<string[]> {
  const base = `${devApp(chosen)}/webhooks`;
  // The demo's active endpoint has messages: the page shows its list, not only its empty state.
  const hooks = await data<Array<{ id: string; status: string }>>(api.developer, base);
  const shown = hooks.find((hook) => hook.status === 'active') ?? hooks[0];
  if (shown) return [shown.id];
  const created = await api.developer.post(base, { data: { url: TOUR_WEBHOOK_URL } });
  if (!created.ok()) throw new Error(`creating the tour's webhook answered ${created.status()}: ${await created.text()}`);
  return [((await created.json()) as { data: { id: string } }).data.id];
}

const RESOLVERS: Record<string, Resolver> = {
  appId: async ({ api }) => {
    const apps = await data<Array<{ appId: string; status: string }>>(api.developer, '/integrations/developer/apps');
    return firstOf(apps.filter((app) => app.status === 'published'), (app) => app.appId);
  },
  planId: async ({ api, chosen }) => firstOf(await data<Array<{ planId: string }>>(api.developer, `${devApp(chosen)}/payments/plans`), (plan) => plan.planId),
  tab: async () => PAYMENT_TABS.map((tab) => tab.slug),
  userId: async ({ api, chosen }) => firstOf((await data<{ docs: Array<{ id: string }> }>(api.developer, `${devApp(chosen)}/users`)).docs, (user) => user.id),
  name: async ({ api, chosen }) => firstOf(await data<string[]>(api.developer, `${devApp(chosen)}/db/collection`), (name) => name),
  collectionId: async ({ api, chosen }) => {
    const names = await data<string[]>(api.developer, `${devApp(chosen)}/db/collection`);
    return Promise.all(names.slice(0, 1).map(async (name) => (await data<{ id: string }>(api.developer, `${devApp(chosen)}/db/collection/${encodeURIComponent(name)}`)).id));
  },
  subPage: async ({ pattern }) => (pattern.includes('/integrations/') ? INTEGRATION_TABS : COLLECTION_TABS).map((tab) => tab.slug),
  platform: async ({ api, chosen }) => {
    const platforms = await data<Array<{ name: string; tags: string[] }>>(api.developer, '/integrations/developer/integrationPlatforms');
    return platforms.filter((p) => p.tags.includes(chosen.subPage ?? '')).slice(0, 1).map((p) => p.name);
  },
  page: async () => ['webhooks'],
  webhookId,
  projectId: async ({ api }) => firstOf(await data<Array<{ projectId: string }>>(api.owner, '/api/project'), (project) => project.projectId),
  componentId: async ({ api }) => {
    for (const { projectId } of await data<Array<{ projectId: string }>>(api.owner, '/api/project')) {
      const widgets = (await data<{ docs: Array<{ guid: string }> }>(api.owner, `/api/project/${projectId}/component`)).docs;
      if (widgets[0]) return [widgets[0].guid];
    }
    return [];
  },
  slug: async ({ api }) => firstOf((await data<{ apps: Array<{ slug: string }> }>(api.owner, '/api/v1/catalog')).apps, (app) => app.slug),
  serviceName: async () => [PRICING_SERVICE],
  vendor: async () => [PRICING_VENDOR],
  // The demo seeds its invitations without mail, so no real token is at hand.
  token: async () => [UNKNOWN_TOKEN],
};

/** Every address a pattern stands for: one per combination of its parameters' values (tabs multiply). */
export async function addressesOf({ pattern, api }: { pattern: string; api: TourApi }): Promise<string[]> {
  let partial: Array<{ path: string; chosen: Chosen }> = [{ path: pattern, chosen: {} }];
  for (const param of paramsOf(pattern)) {
    const resolve = RESOLVERS[param];
    if (!resolve) throw new Error(`route ${pattern}: no tour value for :${param} (add one to test/e2e/tour/route-params.ts)`);
    const next: typeof partial = [];
    for (const { path, chosen } of partial) {
      for (const value of await resolve({ pattern, chosen, api })) {
        next.push({ path: path.replace(`:${param}`, encodeURIComponent(value)), chosen: { ...chosen, [param]: value } });
      }
    }
    partial = next;
  }
  return partial.map((p) => p.path);
}

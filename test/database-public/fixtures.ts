// Apps with a database and a collection, their credentials and install tokens, for the public
// data API tests. Everything goes through the product's own API, as an app and its users would.
import request from 'supertest';
import type { Test } from 'supertest';
import type { Express } from 'express';
import type { AppContext } from '../../server/context';
import type { DataCollectionAccessInput } from '../../generated/client/types.gen';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';

export interface DataApp {
  appId: string;
  appSecret: string;
  owner: Agent;
}

export const PRODUCT_FIELDS = [
  { name: 'title', displayName: 'Title', type: 'text', validation: { required: true, indexable: true, minLength: 2, maxLength: 40 } },
  { name: 'price', displayName: 'Price', type: 'number' },
  { name: 'colour', displayName: 'Colour', type: 'enumeration', validation: { enum: ['red', 'green'] } },
  { name: 'cost', displayName: 'Cost', type: 'number', validation: { private: true } },
  { name: 'pin', displayName: 'Pin', type: 'password' },
];

let people = 0;
const nextEmail = (kind: string): string => `${kind}${(people += 1)}@data.example`;

export const basic = (appId: string, secret: string): string => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;

export const documentsPath = (appId: string, collection = 'products'): string => `/api/v1/data/${appId}/collections/${collection}/documents`;

/** A published app (so store owners can install it) with a database and one collection. */
export async function dataApp({ app, ctx, collection = 'products', fields = PRODUCT_FIELDS }: { app: Express; ctx: AppContext; collection?: string; fields?: object[] }): Promise<DataApp> {
  const { agent: owner } = await signInAs({ app, ctx, email: nextEmail('dev') });
  const appId = await createAppAs({ agent: owner, name: 'Data App' });
  const updated = await owner
    .put(`/integrations/developer/apps/${appId}`)
    .send({ status: 'published', scopes: ['read_store_info'], endpoints: { authCallback: 'https://app.example/cb' } })
    .expect(200);
  await owner.post(`/integrations/developer/apps/${appId}/db`).expect(200);
  await addCollection({ owner, appId, collection, fields });
  return { appId, appSecret: updated.body.data.secretKey as string, owner };
}

export async function addCollection({ owner, appId, collection, fields }: { owner: Agent; appId: string; collection: string; fields: object[] }): Promise<void> {
  await owner.post(`/integrations/developer/apps/${appId}/db/collection/${collection}`).send({}).expect(200);
  await owner.post(`/integrations/developer/apps/${appId}/db/collection/${collection}/schema`).send({ attributes: fields }).expect(200);
}

export async function setAccess({ owner, appId, collection = 'products', access }: { owner: Agent; appId: string; collection?: string; access: DataCollectionAccessInput }): Promise<void> {
  await owner.put(`/integrations/developer/apps/${appId}/db/collection/${collection}/access`).send(access).expect(200);
}

/** A store owner installs the app and its server exchanges the code: the user's access token. */
export async function installToken({ app, ctx, appId, appSecret }: { app: Express; ctx: AppContext; appId: string; appSecret: string }): Promise<string> {
  const { agent: storeOwner } = await signInAs({ app, ctx, email: nextEmail('shop'), developer: false });
  const approved = await storeOwner.post(`/api/apps/${appId}/install`).send({ state: 's' }).expect(200);
  const code = new URL(approved.body.data.redirectUrl as string).searchParams.get('code');
  const token = await request(app).post('/integrations/oauth/token').send({ appId, appSecret, code }).expect(200);
  return token.body.data.accessToken as string;
}

export const withAuth = (test: Test, authorization?: string): Test => (authorization ? test.set('Authorization', authorization) : test);

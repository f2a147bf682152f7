// Document changes through the app's webhooks when a collection opts in (docs/public-data-api.md,
// "Live changes"): one signed event per change, whichever path wrote it; none for other collections.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { addCollection, basic, dataApp, documentsPath, setAccess } from '../database-public/fixtures';
import { collections } from '../../server/services/webhooks/model';

describe('document webhooks', () => {
  const t = withTestApp();

  it('an opted-in collection sends document.created, updated and deleted with the document; another collection sends none', async () => {
    const { appId, appSecret, owner } = await dataApp({ app: t.app, ctx: t.ctx });
    await owner.post(`/integrations/developer/apps/${appId}/webhooks`).send({ url: 'https://hooks.example.com/nindo' }).expect(201);
    await setAccess({ owner, appId, access: { read: 'owner', write: 'owner', documentWebhooks: true } });
    expect((await owner.get(`/integrations/developer/apps/${appId}/db/collection/products/access`).expect(200)).body.data).toMatchObject({ documentWebhooks: true });
    await addCollection({ owner, appId, collection: 'quiet', fields: [{ name: 'n', displayName: 'N', type: 'number' }] });
    const auth = basic(appId, appSecret);
    const created = await request(t.app).post(documentsPath(appId)).set('Authorization', auth).send({ title: 'Lamp', cost: 4 }).expect(201);
    const docId = created.body.data._id as string;
    await owner.put(`/integrations/developer/apps/${appId}/db/collection/products/document/${docId}`).send({ price: 9 }).expect(200);
    await request(t.app).delete(`${documentsPath(appId)}/${docId}`).set('Authorization', auth).expect(200);
    await request(t.app).post(documentsPath(appId, 'quiet')).set('Authorization', auth).send({ n: 1 }).expect(201);
    const events = await collections(t.ctx.store).events.find({ appId }, { sort: { created: 1 } });
    const bodies = events.map((event) => JSON.parse(event.body) as { type: string; data: { collection: string; seq: number; document: Record<string, unknown> } });
    expect(bodies.map((body) => [body.type, body.data.collection, body.data.document._id])).toEqual([
      ['document.created', 'products', docId],
      ['document.updated', 'products', docId],
      ['document.deleted', 'products', docId],
    ]);
    expect(bodies[0].data.document).toMatchObject({ title: 'Lamp', cost: 4 });
    expect(bodies[1].data.document).toMatchObject({ price: 9 });
    expect(await collections(t.ctx.store).deliveries.count({ appId })).toBe(3);
  });
});

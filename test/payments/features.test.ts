import { withTestApp } from '../helpers/test-app';
import type { Agent } from '../helpers/accounts';
import { createPlanAs, developerWithApp, paymentsPath } from '../helpers/payments';

const t = withTestApp();
let agent: Agent;
let appId: string;

beforeEach(async () => {
  ({ agent, appId } = await developerWithApp(t));
});

const widgets = { displayName: 'Number of widgets', name: 'numberOfWidgets', type: 'number', value: 3 };
const branding = { displayName: 'Remove branding', name: 'removeBranding', type: 'boolean' };
const support = { displayName: 'Support level', name: 'supportLevel', type: 'string', value: 'email', description: 'How we help' };

it('starts with no features', async () => {
  const res = await agent.get(paymentsPath(appId, '/features')).expect(200);
  expect(res.body.data).toEqual([]);
});

it('saves the whole list in its order, with ids and defaults by type', async () => {
  const res = await agent.put(paymentsPath(appId, '/features')).send([support, widgets, branding]).expect(200);
  expect(res.body.message).toBe('Features saved');
  expect(res.body.data).toEqual([
    { ...support, id: expect.any(String), meta: {} },
    { ...widgets, id: expect.any(String), description: '', meta: {} },
    { ...branding, id: expect.any(String), description: '', value: false, meta: {} },
  ]);
  const read = await agent.get(paymentsPath(appId, '/features')).expect(200);
  expect(read.body.data).toEqual(res.body.data);
});

it('keeps the ids of features saved again, reordered', async () => {
  const first = await agent.put(paymentsPath(appId, '/features')).send([widgets, branding]).expect(200);
  const [w, b] = first.body.data as { id: string }[];
  const again = await agent.put(paymentsPath(appId, '/features')).send([b, { ...w, displayName: 'Widgets' }]).expect(200);
  expect(again.body.data.map((f: { id: string; displayName: string }) => [f.id, f.displayName])).toEqual([
    [b.id, 'Remove branding'],
    [w.id, 'Widgets'],
  ]);
});

it.each([
  ['no display name', [{ ...widgets, displayName: ' ' }], '0.displayName', 'Display name is required'],
  ['an empty display name', [{ ...widgets, displayName: '' }], '0.displayName', 'Display name is required'],
  ['no name', [{ ...widgets, name: '' }], '0.name', 'Name is required'],
  ['a name of 50 characters', [{ ...widgets, name: `a${'b'.repeat(49)}` }], '0.name', 'Name must be less than 50 characters'],
  ['a name starting with a capital', [{ ...widgets, name: 'NumberOfWidgets' }], '0.name', 'Name must be camel case'],
  ['a name with a space', [{ ...widgets, name: 'number of' }], '0.name', 'Name must be camel case'],
  ['a name of one letter', [{ ...widgets, name: 'n' }], '0.name', 'Name must be camel case'],
  ['a repeated name', [widgets, { ...branding, name: 'numberOfWidgets' }], '1.name', 'Feature names must be unique'],
  ['a negative number default', [{ ...widgets, value: -1 }], '0.value', 'Default value must be equal or greater than 0'],
  ['a default of another type', [{ ...widgets, value: 'ten' }], '0.value', 'Value must be a number'],
])('refuses %s', async (_case, list, field, message) => {
  const res = await agent.put(paymentsPath(appId, '/features')).send(list).expect(400);
  expect(res.body.message).toBe(message);
  expect(res.body.fieldErrors[field]).toBe(message);
});

it('accepts a 49-character camel case name', async () => {
  await agent.put(paymentsPath(appId, '/features')).send([{ ...widgets, name: `a${'b'.repeat(47)}9` }]).expect(200);
});

it('removes the values of deleted features from the plans', async () => {
  await agent.put(paymentsPath(appId, '/features')).send([widgets, branding]).expect(200);
  const plan = await createPlanAs({ agent, appId, plan: { name: 'Pro', features: { numberOfWidgets: 10, removeBranding: true } } });
  await agent.put(paymentsPath(appId, '/features')).send([widgets]).expect(200);
  const res = await agent.get(paymentsPath(appId, `/plans/${plan.planId}`)).expect(200);
  expect(res.body.data.features).toEqual({ numberOfWidgets: 10 });
});

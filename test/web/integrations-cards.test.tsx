/** @jest-environment ./test/web/jsdom-environment.ts */
// The integrations list follows the document: the platform cards are IntegrationPlatform's
// (x-ui.card: name, icon, description), so a property added to it is a line of every card, and
// the app's own state (Connected, Connect or Edit) is drawn around them, with what the app's
// Integration record lists (nothing today: a property added to Integration shows there).
import { screen, within } from '@testing-library/react';
import { listAppIntegrations, listIntegrationPlatforms } from '../../generated/client/sdk.gen';
import type { Integration, IntegrationPlatform } from '../../generated/client/types.gen';
import type { JsonSchema } from '../../forms/schemas';
import IntegrationsPage from '../../web/src/pages/developer/integrations/IntegrationsPage';
import { inApp } from './in-app';
import { IntegrationSchema } from '../../generated/schemas/Integration';
import { IntegrationPlatformSchema } from '../../generated/schemas/IntegrationPlatform';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listIntegrationPlatforms: jest.fn(),
  listAppIntegrations: jest.fn(),
}));

const platform = (name: string, order: number): IntegrationPlatform & { probeNote: string } => ({
  name, displayName: name.toUpperCase(), icon: '', description: `Sell on ${name}`, fields: [], endpoints: [], docsUrl: '', tags: ['ecommerce'], order, hasSystemIntegration: false, probeNote: `probe of ${name}`,
});
const shopify: Integration = { platform: 'shopify', isActive: true, useSystemIntegration: false, platformAppKeys: {}, connected: true, created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z' };
const answer = <T,>(data: T) => (async () => ({ data: { success: true, message: 'ok', data } })) as never;

const properties = (IntegrationPlatformSchema.schema as JsonSchema & { properties: Record<string, JsonSchema> }).properties;

beforeAll(() => {
  properties.probeNote = { type: 'string', title: 'Probe note' };
});
afterAll(() => {
  delete properties.probeNote;
});

it('draws each platform from the schema, an added property included, with the app state around it', async () => {
  jest.mocked(listIntegrationPlatforms).mockImplementation(answer([platform('wix', 1), platform('shopify', 9)]));
  jest.mocked(listAppIntegrations).mockImplementation(answer([shopify]));
  inApp(<IntegrationsPage />, { path: '/developer/apps/:appId/integrations/:subPage', at: '/developer/apps/a1/integrations/ecommerce' });
  const cards = await screen.findAllByRole('listitem');
  expect(cards.map((card) => card.getAttribute('data-record'))).toEqual(['shopify', 'wix']);
  const [first, second] = cards;
  expect(within(first).getByRole('heading', { name: 'SHOPIFY' })).toBeTruthy();
  expect(within(first).getByText('Sell on shopify')).toBeTruthy();
  expect(within(first).getByText('probe of shopify')).toBeTruthy();
  expect(within(first).getByText('Connected')).toBeTruthy();
  expect(within(first).getByRole('link', { name: 'Edit' })).toBeTruthy();
  expect(within(second).queryByText('Connected')).toBeNull();
  expect(within(second).getByRole('link', { name: 'Connect' })).toBeTruthy();
  expect(within(second).queryByText('wix')).toBeNull();
});

it("shows a property added to Integration on a connected platform's card, beside the Connected badge", async () => {
  const own = (IntegrationSchema.schema as JsonSchema & { properties: Record<string, JsonSchema> }).properties;
  own.probeNote = { type: 'string', title: 'Probe note' };
  try {
    jest.mocked(listIntegrationPlatforms).mockImplementation(answer([platform('wix', 1), platform('shopify', 9)]));
    jest.mocked(listAppIntegrations).mockImplementation(answer([{ ...shopify, probeNote: 'integration probe' }]));
    inApp(<IntegrationsPage />, { path: '/developer/apps/:appId/integrations/:subPage', at: '/developer/apps/a1/integrations/ecommerce' });
    const [first, second] = await screen.findAllByRole('listitem');
    expect(within(first).getByText('Connected')).toBeTruthy();
    expect(within(first).getByText('integration probe')).toBeTruthy();
    expect(within(first).getAllByText('Probe note')).toHaveLength(2);
    expect(within(second).getAllByText('Probe note')).toHaveLength(1);
  } finally {
    delete own.probeNote;
  }
});

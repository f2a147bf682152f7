/** @jest-environment ./test/web/jsdom-environment.ts */
// The connect page follows the document: beside the platform's key fields its form draws every
// property of IntegrationInput's own form part, refills it from the app's Integration record,
// and sends it in the body with the keys; with no such property it draws the key fields alone.
import { screen, waitFor } from '@testing-library/react';
import { listAppIntegrations, listIntegrationPlatforms, saveAppIntegration } from '../../generated/client/sdk.gen';
import type { Integration, IntegrationPlatform } from '../../generated/client/types.gen';
import { schemaNamed } from '../helpers/schema-entries';
import ConnectPage from '../../web/src/pages/developer/integrations/ConnectPage';
import { inApp } from './in-app';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listIntegrationPlatforms: jest.fn(),
  listAppIntegrations: jest.fn(),
  saveAppIntegration: jest.fn(),
}));

const shopify: IntegrationPlatform = {
  name: 'shopify', displayName: 'Shopify', icon: '', description: 'Sell on Shopify', docsUrl: '', tags: ['ecommerce'], order: 1, hasSystemIntegration: false, endpoints: [],
  fields: [{ name: 'apiKey', label: 'API key', type: 'text' }, { name: 'apiSecret', label: 'API secret', type: 'password' }],
};
const saved = {
  platform: 'shopify', isActive: true, useSystemIntegration: false, platformAppKeys: { apiKey: 'key-1', apiSecret: 'secret-1' }, connected: true,
  created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z', probeNote: 'saved probe',
} as Integration;
const answer = <T,>(data: T) => (async () => ({ data: { success: true, message: 'ok', data } })) as never;
const propertiesOf = (name: string) => schemaNamed(name).properties;

afterEach(() => jest.clearAllMocks());

function renderConnect() {
  jest.mocked(listIntegrationPlatforms).mockImplementation(answer([shopify]));
  jest.mocked(listAppIntegrations).mockImplementation(answer([saved]));
  jest.mocked(saveAppIntegration).mockImplementation(answer(saved));
  return inApp(<ConnectPage />, { path: '/developer/apps/:appId/integrations/:subPage/:platform', at: '/developer/apps/a1/integrations/ecommerce/shopify' });
}

describe('with a property added to IntegrationInput and Integration', () => {
  beforeAll(() => {
    for (const name of ['IntegrationInput', 'Integration']) propertiesOf(name).probeNote = { type: 'string', title: 'Probe note' };
  });
  afterAll(() => {
    for (const name of ['IntegrationInput', 'Integration']) delete propertiesOf(name).probeNote;
  });

  it('draws it beside the key fields, refills it from the record and sends it with the keys', async () => {
    const user = renderConnect();
    const probe = await screen.findByLabelText(/^Probe note/, {}, { timeout: 4000 });
    await waitFor(() => expect(probe).toHaveProperty('value', 'saved probe'));
    expect(screen.getByLabelText(/^API key/)).toHaveProperty('value', 'key-1');
    await user.type(probe, ' typed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveAppIntegration).toHaveBeenCalledTimes(1));
    expect(jest.mocked(saveAppIntegration).mock.calls[0][0].body).toEqual({
      probeNote: 'saved probe typed', platformAppKeys: { apiKey: 'key-1', apiSecret: 'secret-1' }, isActive: true, useSystemIntegration: false,
    });
  });
});

it('draws the key fields alone while IntegrationInput adds nothing, and sends them as the keys', async () => {
  const user = renderConnect();
  const key = await screen.findByLabelText(/^API key/, {}, { timeout: 4000 });
  await waitFor(() => expect(key).toHaveProperty('value', 'key-1'));
  expect(screen.getAllByRole('textbox').length + document.querySelectorAll('input[type=password]').length).toBe(2);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saveAppIntegration).toHaveBeenCalledTimes(1));
  expect(jest.mocked(saveAppIntegration).mock.calls[0][0].body).toEqual({ platformAppKeys: { apiKey: 'key-1', apiSecret: 'secret-1' }, isActive: true, useSystemIntegration: false });
});

/** @jest-environment ./test/web/jsdom-environment.ts */
// The developer portal's and the account's screens follow the document: one optional property
// added to the read and write schemas (test/fixtures/probe-developer-account.ts, as `npm run
// generate` would bring it) shows on the My Apps cards and in the Create App popup, fills and is
// sent by App Info, Developer Info and the Profile tab, shows on the collection cards and as a
// column of the payments history, and the Change Password and Feedback forms still draw.
import { KEPT, PROBE } from '../fixtures/probe-developer-account';
import { screen, waitFor, within } from '@testing-library/react';
import { getApp, getCollection, getDeveloperDetails, listApps, listCollections, listPublicApps, updateAccount, updateApp, updateDeveloperDetails } from '../../generated/client/sdk.gen';
import type { AccountUser, App, DbCollection, Developer } from '../../generated/client/types.gen';
import { resourceColumns } from '../../forms/resource/columns';
import { schemaOf } from '../../forms/schemas';
import MyAppsPage from '../../web/src/pages/developer/apps/MyAppsPage';
import AppInfoPage from '../../web/src/pages/developer/app/AppInfoPage';
import DeveloperInfoPage from '../../web/src/pages/developer/account/DeveloperInfoPage';
import { CollectionCards } from '../../web/src/pages/developer/database/CollectionCards';
import { ProfileTab } from '../../web/src/pages/dashboard/ProfileTab';
import { ChangePasswordTab } from '../../web/src/pages/dashboard/account/ChangePasswordTab';
import FeedbackPage from '../../web/src/pages/feedback/FeedbackPage';
import { editorSchema, splitForm } from '../../web/src/pages/workspace/editor/editor-schema';
import { formatCell } from '../../forms/resource/cell-format';
import { payments, subscriptions } from '../../web/src/pages/billing/dashboard/resources';
import { inApp } from './in-app';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listApps: jest.fn(),
  listPublicApps: jest.fn(),
  getApp: jest.fn(),
  updateApp: jest.fn(),
  getDeveloperDetails: jest.fn(),
  updateDeveloperDetails: jest.fn(),
  listCollections: jest.fn(),
  getCollection: jest.fn(),
  updateAccount: jest.fn(),
}));

type Probed<T> = T & { probeNote: string };

const app: Probed<App> = {
  appId: 'demo-review-booster', name: 'Review Booster', apiKey: 'demo-review-booster', status: 'published', meta: {}, created: '2026-01-01T00:00:00.000Z', updated: '2026-01-02T00:00:00.000Z',
  secretKey: 'secret', developerIds: ['d1'], scopes: [], endpoints: { authCallback: 'https://app.example.com/cb' }, connectUrl: 'https://nindo.example.com/install/demo-review-booster', probeNote: KEPT,
};
const developer: Probed<Developer> = { id: 'd1', userId: 'u1', name: 'Demo Developer', email: 'developer@demo.nindo', isActive: true, links: [], probeNote: KEPT };
const collection: Probed<DbCollection> = {
  id: 'c1', appId: 'demo-review-booster', name: 'products', displayName: 'Products', attributes: [], documentCount: 18, created: '2026-01-01T00:00:00.000Z', updated: '2026-01-02T00:00:00.000Z', probeNote: KEPT,
};
const owner: Probed<AccountUser> = {
  id: 'u2', email: 'owner@demo.nindo', fullName: 'Demo Owner', isConfirmed: true, isSubscribe: true, subscribed: true, isDeveloper: false, mfaEnabled: false, hasPassword: true, created: '2026-01-01T00:00:00.000Z', probeNote: KEPT,
};

const answer = <T,>(data: T) => (async () => ({ data: { success: true, message: 'Saved', data } })) as never;

beforeEach(() => {
  jest.mocked(listApps).mockImplementation(answer([app]));
  jest.mocked(listPublicApps).mockImplementation(answer({ docs: [], total: 0, page: 1, pages: 0, limit: 12 }));
  jest.mocked(getApp).mockImplementation(answer(app));
  jest.mocked(updateApp).mockImplementation(answer(app));
  jest.mocked(getDeveloperDetails).mockImplementation(answer(developer));
  jest.mocked(updateDeveloperDetails).mockImplementation(answer(developer));
  jest.mocked(listCollections).mockImplementation(answer(['products']));
  jest.mocked(getCollection).mockImplementation(answer(collection));
  jest.mocked(updateAccount).mockImplementation(answer(owner));
});

const valueOf = (field: HTMLElement): string => (field as HTMLInputElement).value;

describe('a property added to the document', () => {
  it('shows on the My Apps cards, beside the App ID, with the Edit link', async () => {
    inApp(<MyAppsPage />);
    const card = await screen.findByRole('listitem', { name: 'Review Booster' }, { timeout: 4000 });
    expect(within(card).getByText(KEPT)).toBeTruthy();
    expect(within(card).getByText(PROBE.title)).toBeTruthy();
    expect(within(card).getByText('demo-review-booster')).toBeTruthy();
    expect(within(card).getByText('Published')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/developer/apps/demo-review-booster/dashboard');
  });

  it('is a field of the Create a New App popup', async () => {
    const user = inApp(<MyAppsPage />);
    await user.click(await screen.findByRole('button', { name: /Create a New App/ }));
    expect(within(await screen.findByRole('dialog')).getByLabelText(PROBE.title)).toBeTruthy();
  });

  it("fills App Info's details from the app and is sent with what the form holds; an emptied one is sent empty", async () => {
    const user = inApp(<AppInfoPage />, { path: '/apps/:appId/app-info', at: '/apps/demo-review-booster/app-info' });
    const field = await screen.findByLabelText(PROBE.title, {}, { timeout: 4000 });
    expect(valueOf(field)).toBe(KEPT);
    expect(screen.queryByLabelText('Redirect URL')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateApp).toHaveBeenCalledTimes(1));
    expect(jest.mocked(updateApp).mock.calls[0][0]).toEqual({ path: { appId: 'demo-review-booster' }, body: { name: 'Review Booster', status: 'published', probeNote: KEPT } });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateApp).toHaveBeenCalledTimes(2));
    expect(jest.mocked(updateApp).mock.calls[1][0].body).toEqual({ name: 'Review Booster', status: 'published', probeNote: '' });
  });

  it('fills Developer Info from the profile and is sent with it', async () => {
    const user = inApp(<DeveloperInfoPage />);
    const field = await screen.findByLabelText(PROBE.title, {}, { timeout: 4000 });
    expect(valueOf(field)).toBe(KEPT);
    expect(screen.queryByLabelText('Cover image')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateDeveloperDetails).toHaveBeenCalledTimes(1));
    expect(jest.mocked(updateDeveloperDetails).mock.calls[0][0]).toEqual({ body: { name: 'Demo Developer', email: 'developer@demo.nindo', probeNote: KEPT, links: [] } });
  });

  it('shows on the collection cards beside the counts', async () => {
    inApp(<CollectionCards appId="demo-review-booster" />);
    const card = await screen.findByRole('listitem', { name: 'products' }, { timeout: 4000 });
    await waitFor(() => expect(within(card).getByText(KEPT)).toBeTruthy());
    expect(within(card).getByText('18')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'View Collection' }).getAttribute('href')).toBe('/developer/apps/demo-review-booster/database/collection/c1');
  });

  it('fills the Profile tab from the account and is sent with the changed name, the email choices left alone', async () => {
    const user = inApp(<ProfileTab user={owner} />);
    const field = await screen.findByLabelText(PROBE.title, {}, { timeout: 4000 });
    expect(valueOf(field)).toBe(KEPT);
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Demo Owner II');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateAccount).toHaveBeenCalledTimes(1));
    expect(jest.mocked(updateAccount).mock.calls[0][0]).toMatchObject({ body: { fullName: 'Demo Owner II', probeNote: KEPT } });
    expect(jest.mocked(updateAccount).mock.calls[0][0]?.body).not.toHaveProperty('subscribed');
  });

  it('is a column of the payments history, after the spec columns with their document titles', () => {
    const columns = resourceColumns({ schema: schemaOf(payments.schema), columns: payments.columns });
    expect(columns.map((column) => column.header)).toEqual(['Subscription ID', 'Transaction ID', 'Plan Name', 'Payment Amount', 'Payment Date', 'Invoice', PROBE.title]);
  });

  it('is a column of the billing subscriptions, after the spec columns (nested plan values among them) with their document titles', () => {
    const columns = resourceColumns({ schema: schemaOf(subscriptions.schema) });
    expect(columns.map((column) => column.header)).toEqual(['Status', 'Plan Name', 'Payment Cycle', 'Payment Amount', 'Created Date', 'Source', 'Service Name', 'Family', 'Current Period Start', 'Current Period End', 'Cancelled At', PROBE.title]);
    const cycle = columns.find((column) => column.field === 'plan.period');
    expect(cycle && formatCell({ format: cycle.format, value: 'year' })).toBe('Yearly');
    const amount = columns.find((column) => column.field === 'plan.amount');
    expect(amount && formatCell({ format: amount.format, value: 49 })).toBe('$49.00');
  });

  it("is a field of the widget editor's own part, kept apart from the type's settings", () => {
    const schema = editorSchema('countdown') as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties).slice(0, 2)).toEqual(['name', PROBE.name]);
    expect(schema.required).toContain('name');
    expect(splitForm({ name: 'Launch', probeNote: KEPT, title: 'Soon' })).toEqual({ name: 'Launch', probeNote: KEPT, settings: { title: 'Soon' } });
  });
});

describe('forms that must still draw with a property added', () => {
  it('Change Password', async () => {
    inApp(<ChangePasswordTab user={owner} />);
    expect(await screen.findByLabelText(PROBE.title)).toBeTruthy();
    expect(screen.getByLabelText(/Current password/)).toBeTruthy();
    expect(screen.queryByText(/uiSchema order list/)).toBeNull();
  });

  it('Cancellation feedback', async () => {
    inApp(<FeedbackPage />, { path: '/feedback', at: '/feedback?token=t1' });
    expect(await screen.findByLabelText(PROBE.title, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(/uiSchema order list/)).toBeNull();
  });
});

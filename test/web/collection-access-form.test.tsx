/** @jest-environment ./test/web/jsdom-environment.ts */
// The collection's Settings tab: the Rules form shows the five rules and the allowed origins (the
// form comes from the DataCollectionAccessInput schema) and saves them; "try as" sends the rules
// as typed to the server, which answers what the chosen caller would list or the rule's problem,
// shown under the filter being typed and in Try as; an empty answer says why.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AccessRules } from '../../web/src/pages/developer/database/settings/AccessRules';
import { emptyReason } from '../../web/src/pages/developer/database/settings/TryAs';
import { getCollectionAccess, listAppUsers, setCollectionAccess, tryCollectionRules } from '../../generated/client/sdk.gen';
import type { DataCollectionAccess, DataCollectionAccessInput, DataRulesTrial } from '../../generated/client/types.gen';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  getCollectionAccess: jest.fn(),
  setCollectionAccess: jest.fn(),
  tryCollectionRules: jest.fn(),
  listAppUsers: jest.fn(),
}));

const rules: DataCollectionAccess['rules'] = { list: { kind: 'anyone' }, view: { kind: 'anyone' }, create: { kind: 'locked' }, update: { kind: 'locked' }, delete: { kind: 'locked' } };
const stored: DataCollectionAccess = { read: 'public', write: 'owner', origins: ['https://shop.example'], documentWebhooks: false, rules };

const ok = <T,>(data: T) => ({ data: { success: true, message: '', data } });

beforeEach(() => {
  jest.mocked(getCollectionAccess).mockImplementation((async () => ok(stored)) as unknown as typeof getCollectionAccess);
  jest.mocked(listAppUsers).mockImplementation((async () => ok({ docs: [{ id: 'u1', appId: 'app-1', accountName: 'Shop One', accountEmail: 'one@shop.example' }], total: 1, page: 1 })) as unknown as typeof listAppUsers);
  jest.mocked(tryCollectionRules).mockImplementation((async ({ body }: { body: DataRulesTrial }) =>
    body.as === 'user:u1' ? ok({ items: [{ _id: 'd1', _created: '', _updated: '', title: 'Lamp of Shop One' }], total: 1 }) : ok({ items: [], total: 0 })) as unknown as typeof tryCollectionRules);
  jest.mocked(setCollectionAccess).mockImplementation((async ({ body }: { body: DataCollectionAccessInput }) => ({
    data: { success: true, message: 'Access rules updated successfully', data: { ...stored, ...body } },
  })) as unknown as typeof setCollectionAccess);
});

const renderRules = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AccessRules appId="app-1" name="products" />
    </QueryClientProvider>,
  );

it('shows the allowed origins and saves an added one with the rules', async () => {
  renderRules();
  const user = userEvent.setup();
  expect(await screen.findByText('Allowed origins', {}, { timeout: 4000 })).toBeTruthy();
  expect(screen.getByDisplayValue('https://shop.example')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: '+ Add origin' }));
  const inputs = screen.getAllByPlaceholderText('https://shop.example');
  await user.type(inputs[inputs.length - 1], 'http://localhost:5173');
  await user.click(screen.getByRole('button', { name: 'Save rules' }));
  await waitFor(() => expect(setCollectionAccess).toHaveBeenCalled());
  expect(jest.mocked(setCollectionAccess).mock.calls[0][0]).toMatchObject({
    path: { appId: 'app-1', name: 'products' },
    body: { rules, origins: ['https://shop.example', 'http://localhost:5173'] },
  });
});

it('shows the document webhooks switch beside the rules and saves it turned on', async () => {
  jest.mocked(setCollectionAccess).mockClear();
  renderRules();
  const user = userEvent.setup();
  const webhooks = await screen.findByRole('checkbox', { name: /Webhooks for documents/ }, { timeout: 4000 });
  expect((webhooks as HTMLInputElement).checked).toBe(false);
  await user.click(webhooks);
  await user.click(screen.getByRole('button', { name: 'Save rules' }));
  await waitFor(() => expect(setCollectionAccess).toHaveBeenCalled());
  expect(jest.mocked(setCollectionAccess).mock.calls[0][0]).toMatchObject({ body: { rules, origins: ['https://shop.example'], documentWebhooks: true } });
});

it('tries the rules as a chosen app user and shows the documents that user would get', async () => {
  renderRules();
  const user = userEvent.setup();
  const picker = await screen.findByRole('combobox', { name: 'Caller' }, { timeout: 4000 });
  await screen.findByRole('option', { name: 'Shop One (one@shop.example)' });
  await user.selectOptions(picker, 'user:u1');
  expect(await screen.findByText('Lamp of Shop One')).toBeTruthy();
  expect(jest.mocked(tryCollectionRules).mock.calls.at(-1)?.[0]).toMatchObject({ path: { appId: 'app-1', name: 'products' }, body: { as: 'user:u1', rules } });
});

it("shows the server parser's problem with a filter rule under that filter as it is typed, and in Try as", async () => {
  jest.mocked(tryCollectionRules).mockImplementation((async ({ body }: { body: DataRulesTrial }) => {
    if (body.rules?.list.kind !== 'filter') return ok({ items: [], total: 0 });
    return { error: { success: false, data: null, message: 'The list rule is not valid: unknown field colour', fieldErrors: { 'rules.list.filter': 'unknown field colour' } }, response: { status: 400 } };
  }) as unknown as typeof tryCollectionRules);
  renderRules();
  const user = userEvent.setup();
  const list = await screen.findByRole('combobox', { name: 'List' }, { timeout: 4000 });
  // No filter box until the rule is a filter.
  expect(screen.queryByRole('textbox', { name: 'List filter' })).toBeNull();
  await user.selectOptions(list, within(list).getByRole('option', { name: 'Documents matching a filter' }) as HTMLOptionElement);
  await user.type(await screen.findByRole('textbox', { name: 'List filter' }), '{{"colour":"red"}');
  const problem = await screen.findByText('unknown field colour', {}, { timeout: 3000 });
  expect(problem.closest('[role="alert"]')?.id).toBe('root_rules_list_filter__error');
  expect(await screen.findByText('Cannot try these rules. The list rule is not valid: unknown field colour')).toBeTruthy();
});

it('names each rule by what it governs and its kinds in words', async () => {
  renderRules();
  for (const name of ['List', 'View', 'Create', 'Update', 'Delete']) expect(await screen.findByRole('combobox', { name }, { timeout: 4000 })).toBeTruthy();
  const kinds = Array.from((screen.getByRole('combobox', { name: 'Create' }) as HTMLSelectElement).options).map((option) => option.text).filter(Boolean);
  expect(kinds).toEqual(['Locked: the app only', 'Anyone, without credentials', 'Any app user', "The document's owner", 'Documents matching a filter']);
});

it.each([
  { as: 'anonymous', list: { kind: 'owner' as const }, reason: 'An anonymous caller gets none: the list rule needs an app user.' },
  { as: 'user:u1', list: { kind: 'locked' as const }, reason: 'The list rule is locked: only the app lists these documents.' },
  { as: 'user:u1', list: { kind: 'owner' as const }, reason: 'This app user owns none of these documents.' },
  { as: 'app', list: { kind: 'owner' as const }, reason: 'The collection has no documents yet.' },
])('says why $as gets no documents under a $list.kind list rule', ({ as, list, reason }) => {
  expect(emptyReason({ as, list })).toBe(reason);
});

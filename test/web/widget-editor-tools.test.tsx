/** @jest-environment ./test/web/jsdom-environment.ts */
// The widget editor's tools (issue 38 item 4): settings in tabs from the schema's x-ui.group
// hints, undo and redo of edits (buttons and keys, typing as one step), the prompt before
// leaving unsaved changes, the preview's device widths, and the template gallery a new widget
// starts from.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createWidget, getCatalogApp, getSession } from '../../generated/client/sdk.gen';
import type { CatalogApp } from '../../generated/client/types.gen';
import type { JsonSchema } from '../../forms/schemas';
import { ApiError } from '../../forms/server-errors';
import { WidgetEditor } from '../../web/src/pages/workspace/editor/WidgetEditor';
import WidgetEditorPage from '../../web/src/pages/workspace/editor/WidgetEditorPage';
import { newWidgetForm } from '../../web/src/pages/workspace/editor/editor-schema';
import { PollSettingsSchema } from '../../generated/schemas/PollSettings';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  createWidget: jest.fn(),
  updateWidget: jest.fn(),
  getCatalogApp: jest.fn(),
  getSession: jest.fn(),
}));

const POLL: CatalogApp = {
  name: 'Poll',
  slug: 'poll',
  componentType: 'poll',
  serviceName: 'nindo',
  status: 'published',
  category: 'Forms',
  tags: [],
  teaser: 'Ask a question',
  promotionImage: '/catalog-images/poll.svg',
  buttonText: 'Create Poll',
};

const ok = <T,>(data: T) => ({ data: { success: true, message: '', data } });
const poll = PollSettingsSchema.schema as JsonSchema & { properties: Record<string, JsonSchema> } & Record<string, unknown>;

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  jest.mocked(getCatalogApp).mockImplementation((async () => ok(POLL)) as unknown as typeof getCatalogApp);
  jest.mocked(getSession).mockImplementation((async () => ok({ id: 'u1', email: 'owner@example.com', fullName: 'Owner', isConfirmed: true })) as unknown as typeof getSession);
  jest.mocked(createWidget).mockResolvedValue({ data: { success: true, data: { guid: 'w-new', name: 'Poll', type: 'poll', projectId: 'p-1', views: 0, created: '', updated: '' }, message: '' } } as never);
});

function Address() {
  return <output aria-label="address">{useLocation().pathname}</output>;
}

const renderEditor = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/poll/editor?projectId=p-1']}>
        <Routes>
          <Route
            path="/:slug/editor"
            element={
              <>
                <Link to="/user/dashboard">Dashboard</Link>
                <WidgetEditor app={POLL} projectId="p-1" initial={newWidgetForm({ type: 'poll', name: 'Poll' })} />
              </>
            }
          />
          <Route path="*" element={<Address />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const panelOf = (name: string) => document.getElementById(screen.getByRole('tab', { name: new RegExp(`^${name}`) }).getAttribute('aria-controls') ?? '') as HTMLElement;
const question = () => screen.getByLabelText(/^Question/) as HTMLInputElement;

describe('editor tabs', () => {
  it('groups the settings in tabs by their x-ui.group, the name on Content, and shows no empty tab', () => {
    renderEditor();
    // PollSettings has content, style and settings properties but none for layout.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Content', 'Style', 'Settings']);
    expect(screen.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panelOf('Content')).getByLabelText(/^Name/)).toBeTruthy();
    expect(within(panelOf('Content')).getByLabelText(/^Question/)).toBeTruthy();
    expect(within(panelOf('Style')).getByLabelText(/^Accent color/)).toBeTruthy();
    expect(within(panelOf('Style')).getByLabelText(/^Custom CSS/)).toBeTruthy();
    expect(within(panelOf('Settings')).getByLabelText(/^Show results/)).toBeTruthy();
    expect(panelOf('Style').hidden).toBe(true);
  });

  it('puts a property added to a schema with a group on that tab, with no code', () => {
    poll.properties.columns = { type: 'integer', title: 'Columns', minimum: 1, maximum: 4, default: 2, 'x-ui': { group: 'layout' } };
    try {
      renderEditor();
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Content', 'Layout', 'Style', 'Settings']);
      expect(within(panelOf('Layout')).getByLabelText(/^Columns/)).toHaveProperty('value', '2');
    } finally {
      delete poll.properties.columns;
    }
  });

  it('moves between tabs with the arrow keys, Home and End, as a tablist does', async () => {
    renderEditor();
    const user = userEvent.setup();
    screen.getByRole('tab', { name: 'Content' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Style' }));
    expect(screen.getByRole('tab', { name: 'Style' }).getAttribute('aria-selected')).toBe('true');
    expect(panelOf('Style').hidden).toBe(false);
    expect(panelOf('Content').hidden).toBe(true);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Settings' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Content' }));
    await user.keyboard('{ArrowLeft}{Home}');
    expect(screen.getByRole('tab', { name: 'Content' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Style' }).getAttribute('tabindex')).toBe('-1');
  });

  it('marks a tab whose fields have errors while another tab is open', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Style' }));
    const css = screen.getByLabelText(/^Custom CSS/);
    fireEvent.change(css, { target: { value: 'x'.repeat(10241) } });
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Style/ }).querySelector('[aria-label="has errors"]')).toBeTruthy());
    expect(screen.getByRole('tab', { name: 'Content' }).querySelector('[aria-label="has errors"]')).toBeNull();
    expect(createWidget).not.toHaveBeenCalled();
  });

  it('shows a setting the server refuses under its field and marks its tab', async () => {
    jest.mocked(createWidget).mockRejectedValue(new ApiError({ status: 400, message: 'These settings do not fit this widget type', fieldErrors: { 'settings.customCss': 'Custom CSS cannot use @import' } }));
    renderEditor();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(panelOf('Style')).getByText('Custom CSS cannot use @import')).toBeTruthy());
    expect(screen.getByRole('tab', { name: /^Style/ }).querySelector('[aria-label="has errors"]')).toBeTruthy();
  });
});

describe('after a failed save', () => {
  it('opens the first tab holding an error and puts the cursor in its field in error', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Style' }));
    fireEvent.change(screen.getByLabelText(/^Custom CSS/), { target: { value: 'x'.repeat(10241) } });
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Style/ }).getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Custom CSS/)));
    expect(createWidget).not.toHaveBeenCalled();
  });

  it('opens the earlier tab when two tabs hold errors, at the list item the server refused', async () => {
    jest.mocked(createWidget).mockRejectedValue(
      new ApiError({ status: 400, message: 'These settings do not fit this widget type', fieldErrors: { 'settings.customCss': 'Custom CSS cannot use @import', 'settings.options.1': 'Answer is taken' } }),
    );
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Content/ }).getAttribute('aria-selected')).toBe('true'));
    const second = within(panelOf('Content')).getAllByRole('textbox', { name: /^Answer/ })[1];
    await waitFor(() => expect(document.activeElement).toBe(second));
  });
});

describe('undo and redo', () => {
  it('undoes a typed word as one step and redoes it, with the buttons', async () => {
    renderEditor();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: /Undo/ })).toHaveProperty('disabled', true);
    await user.clear(question());
    await user.type(question(), 'Tea or coffee?');
    await user.click(screen.getByRole('button', { name: /Undo/ }));
    expect(question().value).toBe('Which feature should we build next?');
    expect(screen.getByRole('button', { name: /Redo/ })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: /Redo/ }));
    expect(question().value).toBe('Tea or coffee?');
  });

  it('keeps edits apart by a pause as separate steps, and undoes them with Ctrl+Z and redoes with Ctrl+Shift+Z and Ctrl+Y', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      renderEditor();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.clear(question());
      await user.type(question(), 'Tea?');
      act(() => jest.advanceTimersByTime(2000));
      await user.type(question(), ' Yes');
      expect(question().value).toBe('Tea? Yes');
      await user.keyboard('{Control>}z{/Control}');
      expect(question().value).toBe('Tea?');
      // The field that had focus keeps it after the form starts over.
      expect(document.activeElement).toBe(question());
      await user.keyboard('{Control>}z{/Control}');
      expect(question().value).toBe('Which feature should we build next?');
      await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
      expect(question().value).toBe('Tea?');
      await user.keyboard('{Control>}y{/Control}');
      expect(question().value).toBe('Tea? Yes');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('leaving with unsaved changes', () => {
  it('asks before an in-app link leaves, and stays on Keep editing', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.type(question(), '!');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(question().value).toBe('Which feature should we build next?!');
    expect(screen.queryByLabelText('address')).toBeNull();
  });

  it('leaves on Discard changes', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.type(question(), '!');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/user/dashboard'));
  });

  it("asks on the browser's Back with changes, stays on Keep editing and goes back on Discard changes", async () => {
    renderEditor();
    const user = userEvent.setup();
    const go = jest.spyOn(history, 'go').mockImplementation(() => undefined);
    await user.type(question(), '!');
    expect(history.state).toEqual(expect.objectContaining({ nindoLeaveGuard: true }));
    act(() => {
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Keep editing' }));
    expect(question().value).toBe('Which feature should we build next?!');
    expect(go).not.toHaveBeenCalled();
    act(() => {
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    expect(go).toHaveBeenCalledWith(-2);
    go.mockRestore();
  });

  it('lets a link leave at once when nothing changed, and asks the browser on unload only with changes', async () => {
    renderEditor();
    const user = userEvent.setup();
    const clean = new Event('beforeunload', { cancelable: true });
    dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(question(), '!');
    const dirty = new Event('beforeunload', { cancelable: true });
    dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
    await user.keyboard('{Control>}z{/Control}');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/user/dashboard'));
  });
});

describe('preview widths', () => {
  it('lays the preview out at the chosen device width and remembers the choice', async () => {
    const { unmount } = renderEditor();
    const user = userEvent.setup();
    const frame = () => screen.getByTitle('Widget preview') as HTMLIFrameElement;
    expect(screen.getByRole('button', { name: 'Desktop' }).getAttribute('aria-pressed')).toBe('true');
    expect(frame().style.width).toBe('1200px');
    await user.click(screen.getByRole('button', { name: 'Phone' }));
    expect(frame().style.width).toBe('390px');
    expect(screen.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true');
    unmount();
    renderEditor();
    expect(frame().style.width).toBe('390px');
    await user.click(screen.getByRole('button', { name: 'Tablet' }));
    expect(frame().style.width).toBe('768px');
  });
});

describe('template gallery', () => {
  const renderPage = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/poll/editor']}>
          <Routes>
            <Route path="/:slug/editor" element={<WidgetEditorPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('offers the type templates and a blank start, and fills the editor with the chosen template over the defaults', async () => {
    poll['x-templates'] = [
      { id: 'team-lunch', name: 'Team lunch', description: 'Where do we eat on Friday?', settings: { question: 'Where shall we eat?', options: ['Pizza', 'Sushi'] } },
      { id: 'feedback', name: 'Feedback', description: 'How was it?', settings: { question: 'How was the event?' } },
    ];
    try {
      renderPage();
      const gallery = await screen.findByRole('region', { name: 'Choose a template' });
      expect(within(gallery).getAllByRole('button').map((card) => card.textContent)).toEqual([
        expect.stringContaining('Start from blank'),
        expect.stringContaining('Team lunch'),
        expect.stringContaining('Feedback'),
      ]);
      // Each card shows the template drawn live.
      await waitFor(() => expect(gallery.querySelectorAll('.widget-picture__stage > div')[0]?.shadowRoot?.textContent).toContain('Where shall we eat?'));
      await userEvent.setup().click(within(gallery).getByRole('button', { name: /Team lunch/ }));
      expect(question().value).toBe('Where shall we eat?');
      expect(screen.getByDisplayValue('Sushi')).toBeTruthy();
      // What the template does not set keeps the type's default.
      expect(screen.getByLabelText(/^Button text/)).toHaveProperty('value', 'Vote');
    } finally {
      delete poll['x-templates'];
    }
  });

  it('starts from the defaults on Start from blank', async () => {
    poll['x-templates'] = [{ id: 'feedback', name: 'Feedback', description: 'How was it?', settings: { question: 'How was the event?' } }];
    try {
      renderPage();
      await userEvent.setup().click(await screen.findByRole('button', { name: /Start from blank/ }));
      expect(question().value).toBe('Which feature should we build next?');
    } finally {
      delete poll['x-templates'];
    }
  });
});

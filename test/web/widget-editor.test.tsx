/** @jest-environment ./test/web/jsdom-environment.ts */
// The widget editor: the form of the type's settings schema starting from its defaults, the live
// preview fed every change, Save creating the widget (then editing it in place) or saving its
// settings, and a property added to a type's schema showing in the editor with no other code.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createWidget, updateWidget } from '../../generated/client/sdk.gen';
import type { CatalogApp, WidgetRole } from '../../generated/client/types.gen';
import type { JsonSchema } from '../../forms/schemas';
import { WidgetEditor } from '../../web/src/pages/workspace/editor/WidgetEditor';
import { fieldUi, newWidgetForm } from '../../web/src/pages/workspace/editor/editor-schema';
import { PollSettingsSchema } from '../../generated/schemas/PollSettings';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  createWidget: jest.fn(),
  updateWidget: jest.fn(),
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

const widgetAnswer = (guid: string) => ({ data: { success: true, data: { guid, name: 'Poll', type: 'poll', projectId: 'p-1', views: 0, created: '', updated: '' }, message: '' } });

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(createWidget).mockResolvedValue(widgetAnswer('w-new') as never);
  jest.mocked(updateWidget).mockResolvedValue(widgetAnswer('w-1') as never);
});

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

const renderEditor = (props: { guid?: string; initial?: Record<string, unknown>; role?: WidgetRole } = {}) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/poll/editor?projectId=p-1']}>
        <Routes>
          <Route
            path="/:slug/editor"
            element={
              <>
                <WidgetEditor app={POLL} projectId="p-1" guid={props.guid} role={props.role} initial={{ ...newWidgetForm({ type: 'poll', name: 'Poll' }), ...props.initial }} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const previewPosts = () => {
  const frame = screen.getByTitle('Widget preview') as HTMLIFrameElement;
  const post = jest.spyOn(frame.contentWindow as Window, 'postMessage');
  return { frame, post };
};

describe('WidgetEditor', () => {
  it('starts a new widget from the type defaults and says analytics come after the first save', () => {
    renderEditor();
    expect(screen.getByLabelText(/^Question/)).toHaveProperty('value', 'Which feature should we build next?');
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'Poll');
    expect(screen.getByText('Analytics will be available once you hit Save')).toBeTruthy();
    expect(screen.queryByText('Live Preview')).toBeNull();
    expect(screen.getByTitle('Widget preview').getAttribute('src')).toBe('/embed/preview');
  });

  it('sends every change to the preview', async () => {
    renderEditor();
    const { frame, post } = previewPosts();
    const user = userEvent.setup();
    const question = screen.getByLabelText(/^Question/);
    await user.clear(question);
    await user.type(question, 'Tea?');
    await waitFor(() => expect(post).toHaveBeenLastCalledWith({ source: 'nindo-editor', type: 'poll', settings: expect.objectContaining({ question: 'Tea?', buttonText: 'Vote' }) }, location.origin));
    // The runtime announces itself when its page loads: the editor answers with the current settings.
    post.mockClear();
    act(() => {
      dispatchEvent(new MessageEvent('message', { data: { source: 'nindo-preview', ready: true }, origin: location.origin, source: frame.contentWindow }));
    });
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ settings: expect.objectContaining({ question: 'Tea?' }) }), location.origin);
  });

  it('creates the widget with its settings on the first save, then edits it in place', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(createWidget).toHaveBeenCalledTimes(1));
    const { body } = jest.mocked(createWidget).mock.calls[0][0];
    expect(body).toEqual({ type: 'poll', name: 'Poll', projectId: 'p-1', settings: expect.objectContaining({ question: 'Which feature should we build next?', options: ['Dark mode', 'Mobile app', 'More integrations'] }) });
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/poll/editor?projectId=p-1&componentId=w-new'));
  });

  it.each<[WidgetRole]>([['viewer'], ['analyst']])('shows the settings read-only to a widget %s, saying they can view but not edit', (role) => {
    renderEditor({ guid: 'w-1', role });
    expect(screen.getByText('You can view this widget but not edit it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/^Question/)).toHaveProperty('disabled', true);
  });

  it.each<[WidgetRole]>([['editor'], ['admin'], ['owner']])('lets a widget %s save the settings', (role) => {
    renderEditor({ guid: 'w-1', role });
    expect(screen.queryByText('You can view this widget but not edit it.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('saves a saved widget settings without renaming it, and links its live preview and analytics', async () => {
    renderEditor({ guid: 'w-1', initial: { question: 'Cats or dogs?' } });
    expect(screen.getByRole('link', { name: 'Live Preview' }).getAttribute('href')).toBe('/preview/w-1');
    expect(screen.getByRole('link', { name: 'Analytics' })).toBeTruthy();
    expect(screen.queryByText('Analytics will be available once you hit Save')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateWidget).toHaveBeenCalledTimes(1));
    const { path, body } = jest.mocked(updateWidget).mock.calls[0][0];
    expect(path).toEqual({ guid: 'w-1' });
    expect(body).toEqual({ settings: expect.objectContaining({ question: 'Cats or dogs?' }) });
  });

  it('shows a property added to the type settings schema, with its default, and saves it', async () => {
    const poll = PollSettingsSchema.schema as JsonSchema & { properties: Record<string, JsonSchema> };
    poll.properties.footnote = { type: 'string', title: 'Footnote', maxLength: 200, default: 'Results every Monday' };
    try {
      renderEditor();
      expect(screen.getByLabelText(/^Footnote/)).toHaveProperty('value', 'Results every Monday');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(createWidget).toHaveBeenCalled());
      expect(jest.mocked(createWidget).mock.calls[0][0].body.settings).toMatchObject({ footnote: 'Results every Monday' });
    } finally {
      delete poll.properties.footnote;
    }
  });
});

describe('inputs read from the settings schema', () => {
  it.each([
    ['a #rrggbb color', { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' }, { 'ui:widget': 'color' }],
    ['a paragraph', { type: 'string', maxLength: 3000 }, { 'ui:widget': 'textarea' }],
    ['a short text', { type: 'string', maxLength: 120 }, {}],
    ['a link', { type: 'string', format: 'uri', maxLength: 2000 }, {}],
    ['a list of questions', { type: 'array', items: { type: 'object', properties: { question: { type: 'string', maxLength: 300 }, answer: { type: 'string', maxLength: 3000 } } } }, { items: { answer: { 'ui:widget': 'textarea' } } }],
  ])('gives %s its input', (_case, schema, ui) => {
    expect(fieldUi(schema as Parameters<typeof fieldUi>[0])).toEqual(ui);
  });

  it('shows the accent color as a color picker in the editor', () => {
    renderEditor();
    const color = screen.getByLabelText(/^Accent color/) as HTMLInputElement;
    expect(color.type).toBe('color');
    expect(color.value).toBe('#00a884');
  });
});

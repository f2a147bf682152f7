/** @jest-environment ./test/web/jsdom-environment.ts */
// The editor's media picker: an image property hinted `x-ui: { widget: media }` (the image
// slider's slides) draws, through the real form engine and the editor's schema, the address field
// and "Choose from media"; the popup lists the project's images by the media list call, picks one
// into the field by mouse or keyboard, uploads through the media upload call, and closes on Escape.
// A file download's file (`media: file`) lists and uploads every kind.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SchemaForm } from '../../forms/SchemaForm';
import { runtimeEntry } from '../../forms/schemas';
import * as sdk from '../../generated/client/sdk.gen';
import { editorSchema, editorUiSchema, newWidgetForm } from '../../web/src/pages/workspace/editor/editor-schema';
import type { EditorForm } from '../../web/src/pages/workspace/editor/editor-schema';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listAssets: jest.fn(),
  uploadAssets: jest.fn(),
}));

const asset = (guid: string, name: string) => ({
  guid,
  name,
  url: `/api/v1/asset/${guid}/file`,
  downloadUrl: `/api/v1/asset/${guid}/file?download=true`,
  thumbnail: `/api/v1/asset/${guid}/thumbnail`,
  assetType: 'image',
  mimeType: 'image/png',
  size: 1200,
  projectId: 'p-1',
  author: { id: 'u-1', fullName: 'Owner' },
  created: '2026-01-01T00:00:00.000Z',
});
const LIBRARY = [asset('a-1', 'Hero banner.png'), asset('a-2', 'Team photo.png')];
const BROCHURE = { ...asset('f-1', 'Brochure 2027.pdf'), assetType: 'pdf', mimeType: 'application/pdf', thumbnail: undefined };
const envelope = (data: unknown) => ({ data: { success: true, message: '', data } });

beforeEach(() => {
  window.history.pushState({}, '', '/image-slider/editor?projectId=p-1');
  jest.mocked(sdk.listAssets).mockImplementation((async ({ query }: { query?: { q?: string; assetType?: string } }) => {
    const kinds = query?.assetType === 'image' ? LIBRARY : [...LIBRARY, BROCHURE];
    const docs = kinds.filter((item) => !query?.q || item.name.toLowerCase().includes(query.q.toLowerCase()));
    return envelope({ docs, total: docs.length, page: 1, pages: 1, limit: 48 });
  }) as never);
  jest.mocked(sdk.uploadAssets).mockImplementation((async () => envelope({ uploaded: [asset('a-3', 'New.png')], failed: [] })) as never);
});

async function renderSlider({ type = 'image-slider' }: { type?: string } = {}) {
  const onSubmit = jest.fn(async () => ({}));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SchemaForm<EditorForm>
        entry={runtimeEntry({ name: `${type}-editor`, schema: editorSchema(type) })}
        uiSchema={editorUiSchema(type)}
        formData={newWidgetForm({ type, name: 'Widget' })}
        submitText="Save"
        onSubmit={onSubmit}
      />
    </QueryClientProvider>,
  );
  // The picker is loaded on first use (forms/widgets/lazy-widget.tsx).
  await screen.findAllByRole('button', { name: /^Choose from media/ });
  return { onSubmit, user: userEvent.setup() };
}

const chooseButtons = () => screen.getAllByRole('button', { name: /^Choose from media/ });

describe('the media picker', () => {
  it('draws each slide image as its address and a Choose from media button', async () => {
    await renderSlider();
    expect(chooseButtons()).toHaveLength(3);
    expect(screen.getAllByDisplayValue(/^\/widget-media\/slide-/)).toHaveLength(3);
  });

  it('shows a file icon, not a fetched image, for an address that is not an image, and the thumbnail again once it is', async () => {
    const { user } = await renderSlider({ type: 'file-download' });
    const previews = () => [...document.querySelectorAll('.sf-media__preview')];
    expect(chooseButtons()).toHaveLength(3);
    expect(previews().map((preview) => [preview.querySelector('img'), preview.textContent, preview.getAttribute('title')])).toEqual([
      [null, 'PDF', 'brochure.pdf'],
      [null, 'PDF', 'price-list.pdf'],
      [null, 'PDF', 'care-guide.pdf'],
    ]);
    const address = screen.getByDisplayValue('https://example.com/files/brochure.pdf');
    await user.clear(address);
    await user.type(address, 'https://example.com/cover.JPG?v=2');
    expect(previews()[0].querySelector('img')?.getAttribute('src')).toBe('https://example.com/cover.JPG?v=2');
    await user.clear(address);
    await user.type(address, '/api/v1/asset/a-1/file');
    expect(previews()[0].querySelector('img')?.getAttribute('src')).toBe('/api/v1/asset/a-1/file');
  });

  it("lists the project's images with thumbnails and fills the address with the one picked", async () => {
    const { user, onSubmit } = await renderSlider();
    await user.click(chooseButtons()[1]);
    const dialog = screen.getByRole('dialog', { name: 'Choose an image' });
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /\.png$/ })).toHaveLength(2));
    expect(sdk.listAssets).toHaveBeenCalledWith(expect.objectContaining({ query: { projectId: 'p-1', assetType: 'image', limit: 48 } }));
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/api/v1/asset/a-1/thumbnail');
    await user.click(within(dialog).getByRole('button', { name: 'Team photo.png' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByDisplayValue('/api/v1/asset/a-2/file')).toBeTruthy();
    expect(document.activeElement).toBe(chooseButtons()[1]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const [saved] = onSubmit.mock.calls[0] as unknown as [{ slides: { image: string }[] }];
    expect(saved.slides.map((slide) => slide.image)).toEqual(['/widget-media/slide-mountains.svg', '/api/v1/asset/a-2/file', '/widget-media/slide-city.svg']);
  });

  it('is usable by keyboard: focus starts in the popup, Tab stays inside, Enter picks, Escape closes', async () => {
    const { user } = await renderSlider();
    chooseButtons()[0].focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('searchbox', { name: 'Search images' }));
    await user.type(document.activeElement as HTMLElement, 'hero');
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /\.png$/ }).map((button) => button.textContent)).toEqual(['Hero banner.png']));
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('searchbox'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(chooseButtons()[0]);
    await user.keyboard('{Enter}');
    const again = screen.getByRole('dialog');
    await waitFor(() => expect(within(again).getAllByRole('button', { name: /\.png$/ })).toHaveLength(2));
    within(again).getByRole('button', { name: 'Hero banner.png' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByDisplayValue('/api/v1/asset/a-1/file')).toBeTruthy();
  });

  it('uploads an image into the project through the media upload call and picks it', async () => {
    const { user } = await renderSlider();
    await user.click(chooseButtons()[2]);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'New.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload image'), file);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sdk.uploadAssets).toHaveBeenCalledWith({ query: { projectId: 'p-1', assetType: 'image' }, body: { 'files[]': [file] } });
    expect(screen.getByDisplayValue('/api/v1/asset/a-3/file')).toBeTruthy();
  });

  it("says so when the project has no images, and shows the server's word when an upload fails", async () => {
    jest.mocked(sdk.listAssets).mockImplementation((async () => envelope({ docs: [], total: 0, page: 1, pages: 0, limit: 48 })) as never);
    jest.mocked(sdk.uploadAssets).mockImplementation((async () => ({ error: { success: false, message: 'Only png, jpg, and gif formats are allowed.', data: null }, response: { status: 400 } })) as never);
    const { user } = await renderSlider();
    await user.click(chooseButtons()[0]);
    expect(await screen.findByText('No images yet. Upload one to use it here.')).toBeTruthy();
    await user.upload(screen.getByLabelText('Upload image'), new File(['x'], 'x.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only png, jpg, and gif formats are allowed.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("a download's file lists every kind of the project's media, shows a PDF as its kind, picks it, and uploads any kind", async () => {
    jest.mocked(sdk.uploadAssets).mockImplementation((async () => envelope({ uploaded: [{ ...BROCHURE, guid: 'f-2', url: '/api/v1/asset/f-2/file' }], failed: [] })) as never);
    const { user } = await renderSlider({ type: 'file-download' });
    await user.click(chooseButtons()[0]);
    const dialog = screen.getByRole('dialog', { name: 'Choose a file' });
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /\.(png|pdf)/ })).toHaveLength(3));
    expect(sdk.listAssets).toHaveBeenCalledWith(expect.objectContaining({ query: { projectId: 'p-1', limit: 48 } }));
    const pdf = within(dialog).getByRole('button', { name: /Brochure 2027\.pdf/ });
    expect([pdf.querySelector('img'), pdf.querySelector('.sf-media__file')?.textContent]).toEqual([null, 'PDF']);
    await user.click(pdf);
    expect(screen.getByDisplayValue('/api/v1/asset/f-1/file')).toBeTruthy();
    await user.click(chooseButtons()[1]);
    const upload = screen.getByLabelText('Upload file');
    expect(upload.getAttribute('accept')).toBeNull();
    const file = new File(['%PDF-1.7'], 'Terms.pdf', { type: 'application/pdf' });
    await user.upload(upload, file);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sdk.uploadAssets).toHaveBeenCalledWith({ query: { projectId: 'p-1' }, body: { 'files[]': [file] } });
    expect(screen.getByDisplayValue('/api/v1/asset/f-2/file')).toBeTruthy();
  });
});

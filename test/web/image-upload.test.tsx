/** @jest-environment ./test/web/jsdom-environment.ts */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageUpload } from '../../forms/components/ImageUpload';
import { fileProblem } from '../../rules/uploads';

const MB = 1024 * 1024;
const fileOf = ({ type, bytes = 10, name = 'f' }: { type: string; bytes?: number; name?: string }) => new File([new Uint8Array(bytes)], name, { type });

describe('ImageUpload', () => {
  it.each([
    ['a pdf where images are expected', { type: 'application/pdf' }, 'image/*', 5, 'Only png, jpg, and gif formats are allowed.'],
    ['a file larger than the limit', { type: 'image/png', bytes: 5 * MB + 1 }, 'image/*', 5, 'File is too big. Size limitation is 5mb'],
    ['a type that is not in a non-image accept list', { type: 'text/plain' }, 'application/pdf,text/csv', 50, 'Unsupported file type.'],
    ['a file over a custom limit', { type: 'text/csv', bytes: 3 * MB + 1 }, 'application/pdf,text/csv', 3, 'File is too big. Size limitation is 3mb'],
  ])('rejects %s', (_case, file, accept, maxMb, message) => {
    expect(fileProblem({ file: fileOf(file), accept, maxMb })).toBe(message);
  });

  it.each([
    ['a png within the limit', { type: 'image/png', bytes: 5 * MB }, 'image/*', 5],
    ['a listed document type', { type: 'text/csv' }, 'application/pdf,text/csv', 50],
  ])('accepts %s', (_case, file, accept, maxMb) => {
    expect(fileProblem({ file: fileOf(file), accept, maxMb })).toBeUndefined();
  });

  it('shows the type error and uploads nothing when a non-image is picked', async () => {
    const send = jest.spyOn(XMLHttpRequest.prototype, 'send');
    const onUploaded = jest.fn();
    render(<ImageUpload onUploaded={onUploaded} />);
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Upload file'), fileOf({ type: 'application/pdf', name: 'doc.pdf' }));
    expect(screen.getByRole('alert').textContent).toBe('Only png, jpg, and gif formats are allowed.');
    expect(send).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('posts the file as multipart, shows the progress and hands back the stored URL', async () => {
    const sent: { url?: string; body?: FormData; xhr?: FakeXhr } = {};
    class FakeXhr {
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      status = 0;
      responseText = '';
      withCredentials = false;
      onload?: () => void;
      onerror?: () => void;
      open(_method: string, url: string) {
        sent.url = url;
      }
      send(body: FormData) {
        sent.body = body;
        sent.xhr = this;
      }
    }
    const original = window.XMLHttpRequest;
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    try {
      const onUploaded = jest.fn();
      render(<ImageUpload onUploaded={onUploaded} />);
      await userEvent.setup().upload(screen.getByLabelText('Upload file'), fileOf({ type: 'image/png', name: 'logo.png' }));
      expect(sent.url).toBe('/api/user/file');
      expect((sent.body?.get('file') as File).name).toBe('logo.png');
      act(() => sent.xhr?.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
      expect((screen.getByLabelText('Uploading file...') as HTMLProgressElement).value).toBe(0.4);
      await act(async () => {
        Object.assign(sent.xhr as FakeXhr, { status: 200, responseText: JSON.stringify({ success: true, data: { url: '/files/logo.png' }, message: '' }) });
        sent.xhr?.onload?.();
      });
      expect(onUploaded).toHaveBeenCalledWith('/files/logo.png');
      expect(screen.queryByText('Uploading file...')).toBeNull();
    } finally {
      window.XMLHttpRequest = original;
    }
  });

  it('shows the size error for a file over the limit', async () => {
    render(<ImageUpload onUploaded={jest.fn()} maxMb={3} />);
    await userEvent.setup().upload(screen.getByLabelText('Upload file'), fileOf({ type: 'image/png', bytes: 3 * MB + 1, name: 'big.png' }));
    expect(screen.getByRole('alert').textContent).toBe('File is too big. Size limitation is 3mb');
  });
});

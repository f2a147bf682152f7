// Multipart upload with progress (fetch reports none, XMLHttpRequest does). Resolves with
// the stored file's URL from the success envelope; rejects with an ApiError.
import { ApiError, toFormFailure } from '../server-errors';

export const DEFAULT_UPLOAD_URL = '/api/user/file';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const urlIn = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null || !('data' in body)) return undefined;
  const { data } = body;
  return typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : undefined;
};

export function uploadFile({ file, url = DEFAULT_UPLOAD_URL, fieldName = 'file', onProgress }: { file: File; url?: string; fieldName?: string; onProgress?: (fraction: number) => void }): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      const stored = urlIn(body);
      if (xhr.status >= 200 && xhr.status < 300 && stored) resolve(stored);
      else reject(new ApiError({ ...toFormFailure(body), status: xhr.status }));
    };
    xhr.onerror = () => reject(new ApiError(toFormFailure(undefined)));
    const form = new FormData();
    form.append(fieldName, file);
    xhr.send(form);
  });
}

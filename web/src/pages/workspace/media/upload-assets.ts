// Sends the picked files to POST /api/v1/asset with XMLHttpRequest, the one browser API that
// reports upload progress, and hands back the server's envelope (typed by the generated types).
import type { AssetUploadEnvelope, UploadAssetsData } from '../../../../../generated/client/types.gen';
import { ApiError, toFormFailure } from '../../../../../forms/server-errors';
import { UPLOAD_FAILED } from '../../../../../rules/media';
import { isPlanLimit } from '../projects/plan-limit';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function uploadAssets({ files, query, onProgress }: { files: File[]; query: NonNullable<UploadAssetsData['query']>; onProgress: (fraction: number) => void }): Promise<AssetUploadEnvelope> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/asset?${search}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status === 201 && body) resolve(body as AssetUploadEnvelope);
      // A plan-limit answer goes back as it came, so the screen can tell it (isPlanLimit) and offer the upgrade.
      else reject(isPlanLimit(body) ? body : new ApiError({ ...toFormFailure(body ?? { message: UPLOAD_FAILED }), status: xhr.status }));
    };
    xhr.onerror = () => reject(new ApiError({ message: UPLOAD_FAILED }));
    const form = new FormData();
    for (const file of files) form.append('files[]', file);
    xhr.send(form);
  });
}

// The media manager's upload: checks each picked file as the server will (images only, 50 MB),
// sends the rest in one request with a progress fraction, and reports in toasts what was kept
// and what was refused, file by file.
import { useState } from 'react';
import { toast } from 'sonner';
import { fileProblem } from '../../../../../rules/uploads';
import { MEDIA_MAX_FILES, MEDIA_MAX_MB, UPLOAD_FAILED } from '../../../../../rules/media';
import { toFormFailure } from '../../../../../forms/server-errors';
import { isPlanLimit } from '../projects/plan-limit';
import { uploadAssets } from './upload-assets';

const ACCEPT = 'image/*';

export function useMediaUpload({ projectId, onUploaded }: { projectId: string; onUploaded: () => Promise<void> }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [overStorage, setOverStorage] = useState(false);

  const upload = async (picked: File[]): Promise<void> => {
    const refused = picked.map((file) => ({ file, problem: fileProblem({ file, accept: ACCEPT, maxMb: MEDIA_MAX_MB }) }));
    for (const { file, problem } of refused) if (problem) toast.error(`${file.name}: ${problem}`);
    const files = refused.filter(({ problem }) => !problem).map(({ file }) => file);
    for (let start = 0; start < files.length; start += MEDIA_MAX_FILES) {
      const batch = files.slice(start, start + MEDIA_MAX_FILES);
      setProgress(0);
      try {
        const answer = await uploadAssets({ files: batch, query: { multi: true, projectId, assetType: 'image' }, onProgress: setProgress });
        const kept = answer.data.uploaded.length;
        toast.success(kept === 1 ? 'File uploaded' : `${kept} files uploaded`);
        for (const failed of answer.data.failed) toast.error(`${failed.name}: ${failed.message}`);
      } catch (thrown) {
        if (isPlanLimit(thrown)) setOverStorage(true);
        else toast.error(toFormFailure(thrown).message || UPLOAD_FAILED);
      } finally {
        setProgress(null);
      }
      await onUploaded();
    }
  };

  return { progress, upload, accept: ACCEPT, overStorage, closeUpgrade: () => setOverStorage(false) };
}

// Pick an image (or another accepted file), check it, upload it with a progress bar and
// hand back the stored URL. Spec 003: "Uploading file...", default limit 5 MB.
import { useId, useRef, useState } from 'react';
import { toFormFailure } from '../server-errors';
import { fileProblem } from '../../rules/uploads';
import { uploadFile, DEFAULT_UPLOAD_URL } from './upload-file';
import './ImageUpload.css';

export type ImageUploadProps = {
  /** Current file URL (shown as a preview for images). */
  value?: string;
  onUploaded: (url: string) => void;
  accept?: string;
  maxMb?: number;
  url?: string;
  fieldName?: string;
  uploadingText?: string;
  buttonText?: string;
  disabled?: boolean;
  label?: string;
};

export function ImageUpload({
  value,
  onUploaded,
  accept = 'image/*',
  maxMb = 5,
  url = DEFAULT_UPLOAD_URL,
  fieldName = 'file',
  uploadingText = 'Uploading file...',
  buttonText = 'Upload',
  disabled = false,
  label = 'Upload file',
}: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const isImage = accept.split(',').every((type) => type.trim().startsWith('image/'));

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem({ file, accept, maxMb });
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      onUploaded(await uploadFile({ file, url, fieldName, onProgress: setProgress }));
    } catch (thrown) {
      const { message } = toFormFailure(thrown);
      setError(message);
      void import('sonner').then(({ toast }) => toast.error(message));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="image-upload">
      {isImage && (
        <div className="image-upload__preview" aria-hidden={!value}>
          {value ? <img src={value} alt="" /> : <span className="image-upload__placeholder">No image</span>}
        </div>
      )}
      <div className="image-upload__body">
        <label className={`btn btn-secondary btn-sm${disabled || progress !== null ? ' is-disabled' : ''}`}>
          {buttonText}
          <input
            ref={input}
            type="file"
            className="visually-hidden"
            accept={accept}
            aria-label={label}
            aria-describedby={error ? errorId : undefined}
            disabled={disabled || progress !== null}
            onChange={(event) => void pick(event.currentTarget.files?.[0])}
          />
        </label>
        {progress !== null && (
          <div className="image-upload__progress">
            <span>{uploadingText}</span>
            <progress max={1} value={progress} aria-label={uploadingText} />
          </div>
        )}
        {error && (
          <p id={errorId} className="image-upload__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

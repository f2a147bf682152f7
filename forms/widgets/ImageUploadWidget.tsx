// A URL field filled by uploading a file. ui:options: accept, maxMb, url, uploadingText.
import type { WidgetProps } from '@rjsf/utils';
import { ImageUpload } from '../components/ImageUpload';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function ImageUploadWidget({ value, onChange, options, disabled, readonly, label }: WidgetProps) {
  return (
    <ImageUpload
      value={text(value)}
      onUploaded={(url) => onChange(url)}
      accept={text(options.accept)}
      maxMb={typeof options.maxMb === 'number' ? options.maxMb : undefined}
      url={text(options.url)}
      uploadingText={text(options.uploadingText)}
      disabled={disabled || readonly}
      label={label}
    />
  );
}

// What a file is, told from its bytes (never its name or the browser's claim), mapped to the
// spec's asset types. Text without NUL bytes that decodes as UTF-8 counts as CSV, the only
// text kind the media types name.
import type { AssetType } from '../workspace/model';
import { imageTypeOf } from '../uploads/image-type';

export interface Sniffed {
  assetType: AssetType;
  mimeType: string;
}

const ascii = (data: Buffer, start: number, end: number): string => data.subarray(start, end).toString('latin1');

const SIGNATURES: { mimeType: string; assetType: AssetType; test: (b: Buffer) => boolean }[] = [
  { mimeType: 'application/pdf', assetType: 'pdf', test: (b) => ascii(b, 0, 5) === '%PDF-' },
  { mimeType: 'audio/mp4', assetType: 'audio', test: (b) => ascii(b, 4, 8) === 'ftyp' && ascii(b, 8, 11) === 'M4A' },
  { mimeType: 'video/mp4', assetType: 'video', test: (b) => ascii(b, 4, 8) === 'ftyp' },
  { mimeType: 'video/webm', assetType: 'video', test: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) },
  { mimeType: 'audio/mpeg', assetType: 'audio', test: (b) => ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) },
  { mimeType: 'audio/ogg', assetType: 'audio', test: (b) => ascii(b, 0, 4) === 'OggS' },
  { mimeType: 'audio/wav', assetType: 'audio', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE' },
  { mimeType: 'audio/flac', assetType: 'audio', test: (b) => ascii(b, 0, 4) === 'fLaC' },
];

const TEXT_PROBE_BYTES = 64 * 1024;

function isText(data: Buffer): boolean {
  const probe = data.subarray(0, TEXT_PROBE_BYTES);
  if (probe.includes(0)) return false;
  try {
    // A cut in the middle of a multi-byte character at the probe's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(probe, { stream: probe.length < data.length });
    return true;
  } catch {
    return false;
  }
}

export function sniff(data: Buffer): Sniffed | undefined {
  const image = imageTypeOf(data);
  if (image) return { assetType: 'image', mimeType: image };
  const known = SIGNATURES.find((s) => s.test(data));
  if (known) return { assetType: known.assetType, mimeType: known.mimeType };
  return isText(data) ? { assetType: 'csv', mimeType: 'text/csv' } : undefined;
}

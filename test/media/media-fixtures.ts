// Files for the media tests: real images made with sharp, and the calls of the media manager.
import sharp from 'sharp';
import type { Test } from 'supertest';
import type { Agent } from '../helpers/accounts';

export const pngOf = ({ width = 800, height = 600, color = '#3366cc' }: { width?: number; height?: number; color?: string } = {}): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

export interface Part {
  name: string;
  data: Buffer;
  contentType?: string;
}

/** POST /api/v1/asset with the files as repeated `files[]` parts. */
export function upload({ agent, files, query = {} }: { agent: Agent; files: Part[]; query?: Record<string, string> }) {
  const search = new URLSearchParams({ multi: String(files.length > 1), ...query });
  let req = agent.post(`/api/v1/asset?${search}`);
  for (const file of files) req = req.attach('files[]', file.data, { filename: file.name, contentType: file.contentType ?? 'application/octet-stream' });
  return req;
}

/** The whole body of a binary answer. */
export const binary: Extract<Parameters<Test['parse']>[0], (res: never, done: never) => void> = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

// A file uploaded through the developer area's uploads (POST /api/user/file): stored as its URL,
// /api/user/file/{id}; the bare id is accepted too. Checked to exist on every write.
import { fileExists } from '../../uploads/files';
import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

const FILE_URL = /^\/api\/user\/file\/([A-Za-z0-9-]{1,100})$/;
const FILE_ID = /^[A-Za-z0-9-]{1,100}$/;

const fileId = (url: string): string => FILE_URL.exec(url)?.[1] ?? url;

export const media: FieldTypeDef = {
  check: ({ value, label }) => {
    if (isString(value) && FILE_URL.test(value)) return ok(value);
    if (isString(value) && FILE_ID.test(value)) return ok(`/api/user/file/${value}`);
    return fail(`${label} must be an uploaded file`);
  },
  findMissing: async ({ ctx, values }) => {
    const exists = await Promise.all(values.map((url) => fileExists({ ctx, fileId: fileId(url) })));
    return values.filter((_, i) => !exists[i]);
  },
};

// The hook modules a declaration may name (`hooks: <name>`), one small file each. The
// generator refuses a name with no file here; the server refuses one missing from this list.
import type { ResourceHooks } from './types';
import { appUserNoteHooks } from './app-user-notes';
import { webhookHooks } from './webhooks';

export const RESOURCE_HOOKS: Readonly<Record<string, ResourceHooks>> = {
  'app-user-notes': appUserNoteHooks,
  webhooks: webhookHooks,
};

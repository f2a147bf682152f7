// Moves every stored secret still sealed with a previous key to the current key, so that key
// can be retired. Runs at start-up when previous keys are configured, and as
// `npm run rotate-encryption-key`; safe to run on several instances at once.
import type { AppContext } from '../../context';
import { APPS, INTEGRATIONS } from '../developer/model';
import { WEBHOOKS } from '../webhooks/model';
import { USERS } from '../accounts/users';
import { openSealed, seal, UnreadableSecretError } from './keyring';

/** Every sealed field in the store; an area that seals a new field adds it here. */
export const SEALED_FIELDS: { collection: string; path: string }[] = [
  { collection: APPS, path: 'secretKey' },
  { collection: INTEGRATIONS, path: 'platformAppKeys' },
  { collection: WEBHOOKS, path: 'secret' },
  { collection: WEBHOOKS, path: 'previousSecret' },
  { collection: USERS, path: 'mfa.secretEnc' },
];

export interface ResealReport {
  resealed: number;
  /** Sealed with no configured key: lost unless that key is found and added to ENCRYPTION_KEYS_PREVIOUS. */
  unreadable: { collection: string; path: string; id: unknown }[];
}

const valueAt = (doc: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), doc);

export async function resealStoredSecrets({ ctx }: { ctx: AppContext }): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, unreadable: [] };
  for (const { collection, path } of SEALED_FIELDS) {
    const docs = await ctx.store.collection(collection).find({ [path]: { $exists: true } });
    for (const doc of docs) {
      const sealed = valueAt(doc, path);
      if (typeof sealed !== 'string') continue;
      let opened: { plaintext: string; current: boolean };
      try {
        opened = openSealed({ keys: ctx.config, sealed });
      } catch (err) {
        if (!(err instanceof UnreadableSecretError)) throw err;
        report.unreadable.push({ collection, path, id: doc._id });
        continue;
      }
      if (opened.current) continue;
      // Conditional on the old value, so a secret rotated meanwhile is not overwritten.
      const { modified } = await ctx.store
        .collection(collection)
        .updateOne({ _id: doc._id, [path]: sealed }, { $set: { [path]: seal({ keys: ctx.config, plaintext: opened.plaintext }) } });
      report.resealed += modified;
    }
  }
  return report;
}

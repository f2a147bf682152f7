// `npm run rotate-encryption-key`: re-seals every stored secret with ENCRYPTION_KEY, opening
// the old ones with ENCRYPTION_KEYS_PREVIOUS (docs/secrets.md). Exits 1 if any stays unreadable.
import { readConfig } from '../server/config';
import { createStore } from '../server/storage';
import { resealStoredSecrets } from '../server/services/crypto/reseal-stored-secrets';

async function main(): Promise<void> {
  const config = readConfig();
  const store = await createStore(config);
  try {
    const { resealed, unreadable } = await resealStoredSecrets({ ctx: { config, store, now: () => new Date() } });
    console.log(`Re-sealed ${resealed} stored secrets with the current key.`);
    if (unreadable.length === 0) {
      console.log('Every stored secret opens with the current key: ENCRYPTION_KEYS_PREVIOUS can be emptied.');
      return;
    }
    console.error(`${unreadable.length} stored secrets open with no configured key:`);
    for (const { collection, path, id } of unreadable) console.error(`  ${collection} ${String(id)} ${path}`);
    process.exitCode = 1;
  } finally {
    await store.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

// npm run migrate [-- --dry-run]: what start-up does first, on its own. Runs the migrations the
// configured store (MONGODB_URI, else the SQLite file) has not run, then checks the stored
// records against the document; with --dry-run it only says what would run and be refused.
import { readConfig } from '../server/config';
import { createStore } from '../server/storage';
import { evolveStore } from '../server/schema-evolution/evolve-store';
import { SchemaEvolutionError } from '../server/schema-evolution/refusal';
import { migrations } from '../server/migrations';
import { openApiDocument } from '../server/http/openapi-document';
import { exitWith } from './exit-with';

async function migrate(): Promise<number> {
  const dryRun = process.argv.includes('--dry-run');
  const document = openApiDocument();
  const store = await createStore(readConfig());
  try {
    const evolution = await evolveStore({ store, document, migrations, now: () => new Date(), dryRun });
    const verb = dryRun ? 'Would run' : 'Ran';
    console.log(evolution.migrations.length > 0 ? `${verb} ${evolution.migrations.length} migration(s):\n  ${evolution.migrations.join('\n  ')}` : 'No migration to run.');
    if (evolution.refusals.length > 0) {
      console.log(`The start would be refused${evolution.migrations.length > 0 ? ' unless the migrations above fix it' : ''}:\n${evolution.refusals.join('\n')}`);
      return 1;
    }
    console.log('The stored records fit the document.');
    return 0;
  } catch (err) {
    if (!(err instanceof SchemaEvolutionError)) throw err;
    console.error(err.message);
    return 1;
  } finally {
    await store.close();
  }
}

exitWith(migrate);

// Child process of the people bench: the developer, the app with its App Secret and the empty
// `people` collection (people-data.ts) in a SQLite file, then closed, for the built server to
// serve and import the CSV into. Arguments: the data folder and the session secret the server
// will run with (it seals the App Secret).
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { ensureIndexes } from '../../server/storage/indexes';
import { createStore } from '../../server/storage';
import { productIndexes } from '../../server/registry';
import { runBenchProcess } from './bench-server-process';
import { seedPeopleTarget } from './people-data';

async function main(): Promise<void> {
  const [dir, sessionSecret] = [process.argv[2], process.argv[3]];
  const config = { ...readConfig({ NODE_ENV: 'production', SESSION_SECRET: sessionSecret, DATA_DIR: dir, MONGODB_URI: '' }), sqlitePath: join(dir, 'nindo.sqlite') };
  const store = await createStore(config);
  await ensureIndexes(store, productIndexes());
  await seedPeopleTarget({ config, store, now: () => new Date() });
  await store.close();
}

runBenchProcess(main);

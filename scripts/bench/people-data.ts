// The people bench data (issue 36 item 19): what an app developer loads and sends, as an outside
// side-by-side measured it. A CSV of people (name, email, age, city, active and their own `created`
// date as text), imported through the product's CSV import; `name` and `created` indexable, so a
// search on the name has a contains index and a sort on `created` has an engine index. One name in
// 100 holds SEARCH_TEXT. The same rows go into PocketBase (peers.ts).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { AppContext } from '../../server/context';
import { createDatabase } from '../../server/services/database/databases';
import { createCollection } from '../../server/services/database/collections';
import { saveCollectionSchema } from '../../server/services/database/schema';
import { apps } from '../../server/services/developer/model';
import { seal } from '../../server/services/developer/secrets';
import { addApp, seedBenchDeveloper } from './app-users-data';

export const PEOPLE_APP = 'bench-people-app';
export const PEOPLE = 'people';
export const PEOPLE_SECRET = 'sk_bench-people-secret';
export const PEOPLE_ROWS = Number(process.env.BENCH_PEOPLE_ROWS ?? 100_000);
/** In one name out of 100 (`Dana Rexyzon 37`): the 1% search. */
export const SEARCH_TEXT = 'xyz';
const CITIES = ['Springfield', 'Riverside', 'Franklin', 'Greenville', 'Bristol', 'Clinton', 'Fairview', 'Salem'];
const FIRST_CREATED = Date.UTC(2024, 0, 1);

export interface Person {
  name: string;
  email: string;
  age: number;
  city: string;
  active: boolean;
  /** The person's own date, one minute after the row before (the file is in the order they were made). */
  created: string;
}

export const person = (i: number): Person => ({
  name: i % 100 === 37 ? `Dana Rexyzon ${i}` : `Person ${i}`,
  email: `person${i}@example.com`,
  age: 18 + (i % 60),
  city: CITIES[i % CITIES.length],
  active: i % 3 !== 0,
  created: new Date(FIRST_CREATED + i * 60_000).toISOString(),
});

/** A person a create sends: a new one, newer than every row. */
export const newPerson = (): Person => person(PEOPLE_ROWS + 1);

/** Writes the CSV of every person to `path`; answers its size in bytes. */
export async function writePeopleCsv(path: string): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('name,email,age,city,active,created\n');
  let lines = '';
  for (let i = 0; i < PEOPLE_ROWS; i += 1) {
    const p = person(i);
    lines += `${p.name},${p.email},${p.age},${p.city},${p.active},${p.created}\n`;
    if (i % 10_000 === 9_999 || i === PEOPLE_ROWS - 1) {
      await write(lines);
      lines = '';
    }
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}

/** The bench developer, the app with its App Secret, its database and the empty collection. */
export async function seedPeopleTarget(ctx: AppContext): Promise<void> {
  await seedBenchDeveloper(ctx);
  await addApp({ ctx, appId: PEOPLE_APP, count: 0 });
  await apps(ctx).updateOne({ _id: PEOPLE_APP }, { $set: { secretKey: seal(ctx, PEOPLE_SECRET) } });
  await createDatabase({ ctx, appId: PEOPLE_APP });
  await createCollection({ ctx, appId: PEOPLE_APP, name: PEOPLE });
  await saveCollectionSchema({
    ctx,
    appId: PEOPLE_APP,
    name: PEOPLE,
    input: {
      attributes: [
        { displayName: 'Name', name: 'name', type: 'text', validation: { required: true, indexable: true } },
        { displayName: 'Email', name: 'email', type: 'email' },
        { displayName: 'Age', name: 'age', type: 'number' },
        { displayName: 'City', name: 'city', type: 'text' },
        { displayName: 'Active', name: 'active', type: 'boolean' },
        { displayName: 'Created', name: 'created', type: 'text', validation: { indexable: true } },
      ],
    },
  });
}

// The import bench data: a realistic CSV of people (name, email, age, city, active, joined: six
// columns, about 67 bytes a row, 67 MB for a million rows) written to a file, the collection it
// goes into, and the same rows as stored documents for the floor (inserted straight into a store).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { AppContext } from '../../server/context';
import { createDatabase } from '../../server/services/database/databases';
import { createCollection } from '../../server/services/database/collections';
import { saveCollectionSchema } from '../../server/services/database/schema';
import type { DbDocument } from '../../server/services/database/model';
import { addApp, seedBenchDeveloper } from './app-users-data';

export const IMPORT_APP = 'bench-import-app';
export const IMPORT_COLLECTION = 'people';
const CITIES = ['Springfield', 'Riverside', 'Franklin', 'Greenville', 'Bristol', 'Clinton', 'Fairview', 'Salem'];

const person = (i: number) => ({
  name: `Person ${i}`,
  email: `person${i}@example.com`,
  age: 18 + (i % 60),
  city: CITIES[i % CITIES.length],
  active: i % 3 !== 0,
  joined: `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
});

/** Writes the CSV of `rows` people to `path`; answers its size in bytes. */
export async function writePeopleCsv({ path, rows }: { path: string; rows: number }): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('name,email,age,city,active,joined\n');
  let lines = '';
  for (let i = 1; i <= rows; i += 1) {
    const p = person(i);
    lines += `${p.name},${p.email},${p.age},${p.city},${p.active},${p.joined}\n`;
    if (i % 10_000 === 0 || i === rows) {
      await write(lines);
      lines = '';
    }
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}

/** The document a row becomes, as the floor inserts it (ids ascending, as an import's are). */
export const personDocument = (i: number, now: string): DbDocument => ({ _id: `floor-${String(i).padStart(12, '0')}`, _created: now, _updated: now, ...person(i) });

/** The bench developer, the app, its database and the empty collection with the CSV's six fields. */
export async function seedImportTarget(ctx: AppContext): Promise<void> {
  await seedBenchDeveloper(ctx);
  await addApp({ ctx, appId: IMPORT_APP, count: 0 });
  await createDatabase({ ctx, appId: IMPORT_APP });
  await createCollection({ ctx, appId: IMPORT_APP, name: IMPORT_COLLECTION });
  await saveCollectionSchema({
    ctx,
    appId: IMPORT_APP,
    name: IMPORT_COLLECTION,
    input: {
      attributes: [
        { displayName: 'Name', name: 'name', type: 'text', validation: { required: true } },
        { displayName: 'Email', name: 'email', type: 'email' },
        { displayName: 'Age', name: 'age', type: 'number' },
        { displayName: 'City', name: 'city', type: 'text' },
        { displayName: 'Active', name: 'active', type: 'boolean' },
        { displayName: 'Joined', name: 'joined', type: 'date' },
      ],
    },
  });
}

// The database area's own indexes (the documents' indexes are per collection: field-indexes.ts).
import type { IndexSpec } from '../../storage/port';
import { DB_COLLECTIONS } from './model';
import { requestWindowIndexes } from './public/request-limits';

export const databaseIndexes: IndexSpec[] = [{ collection: DB_COLLECTIONS, fields: { appId: 1, name: 1 }, unique: true }, ...requestWindowIndexes];

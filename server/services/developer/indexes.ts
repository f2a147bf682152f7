// Every index of the developer-portal area, for server/storage/indexes.ts.
import type { IndexSpec } from '../../storage/port';
import { developerPortalIndexes } from './model';
import { installIndexes } from './install/model';

export const developerIndexes: IndexSpec[] = [...developerPortalIndexes, ...installIndexes];

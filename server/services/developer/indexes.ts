// Every index of the developer-portal area, for the registry (server/registry.ts).
import type { IndexSpec } from '../../storage/port';
import { developerPortalIndexes } from './model';
import { installIndexes } from './install/model';

export const developerIndexes: IndexSpec[] = [...developerPortalIndexes, ...installIndexes];

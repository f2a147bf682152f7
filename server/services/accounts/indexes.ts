// Every index of the accounts area, for the registry (server/registry.ts).
import type { IndexSpec } from '../../storage/port';
import { developerAccountIndexes } from './developers';
import { rateLimitIndexes } from './rate-limit';
import { tokenIndexes } from './tokens';
import { userIndexes } from './users';

export const accountIndexes: IndexSpec[] = [...userIndexes, ...tokenIndexes, ...rateLimitIndexes, ...developerAccountIndexes];

// Every index of the app-users area, for the registry (server/registry.ts).
import type { IndexSpec } from '../../storage/port';
import { APP_USERS, CHARGES, SUBSCRIPTIONS } from '../developer/model';
import { appUserJobIndexes } from './jobs/model';

export const appUserIndexes: IndexSpec[] = [
  // The users list: newest first, and searched by email (the screen's default search column):
  // the search box's contains reads its rare matches from the contains index.
  { collection: APP_USERS, fields: { appId: 1, created: -1 } },
  { collection: APP_USERS, fields: { appId: 1, accountEmail: 1 } },
  { collection: APP_USERS, contains: 'accountEmail' },
  // A user's subscriptions and charges, newest first.
  { collection: SUBSCRIPTIONS, fields: { appUserId: 1, created: -1 } },
  { collection: CHARGES, fields: { appUserId: 1, created: -1 } },
  ...appUserJobIndexes,
];

// Every migration, in order. Add a file `NNNN-what.ts` exporting a Migration and list it here;
// an explicit list keeps the bundled server (scripts/build-server.ts) holding each one.
import type { Migration } from './migration';
import { documentsCreatedIndexWithId } from './0001-documents-created-index-with-id';
import { collectionRules } from './0002-collection-rules';

export const migrations: readonly Migration[] = [documentsCreatedIndexWithId, collectionRules];

// The database screens' texts and timings (spec 001 sections 8 and 9).

export const DB_TEXTS = {
  title: 'Database',
  welcomeTitle: 'Welcome to your database',
  welcomeText: 'Store your app\'s own data in collections: define their fields, add documents here or through the API.',
  createDatabase: 'Create Database',
  databaseCreated: 'Database created successfully',
  createCollection: 'Create Collection',
  viewCollection: 'View Collection',
  collectionCreated: (name: string) => `Collection ${name} created successfully.`,
  collectionDeleted: (name: string) => `Collection ${name} has been deleted`,
  collectionRenamed: 'Collection name updated successfully',
  documentCreated: 'Document created successfully',
  documentUpdated: 'Document updated successfully',
  documentDeleted: 'Document deleted successfully',
  fieldCreated: 'Collection field created successfully',
  fieldUpdated: 'Collection field updated successfully',
  fieldDeleted: 'Collection field deleted successfully',
  noDocuments: 'Sorry, no documents found',
  noFields: 'Please add fields for this collection',
  createFieldFirst: 'Please create a field first',
  requiredMissing: 'Some required fields are missing',
  failure: 'Oops, something went wrong',
} as const;

/** Create Database reloads the page this long after the server said yes. */
export const DATABASE_RELOAD_MS = 2000;
/** The rename's success shows this long after the server said yes. */
export const RENAME_SUCCESS_MS = 1300;
/** Copy confirmation in the database screens (elsewhere 2 s). */
export const DATABASE_COPY_MS = 1000;

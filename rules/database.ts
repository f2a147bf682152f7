// The per-app database's names and texts (spec 001 sections 5 and 8), shared by the screens and
// the server so both say the same words.
import { featureNameFromDisplayName } from './feature-name';

export const DATABASE_MESSAGES = {
  specialCharacters: 'Please remove special characters',
  missingCollectionName: 'Missing collection name',
  missingFieldParts: 'Missing required fields',
  missingArrayType: 'Missing array type field',
  duplicateField: 'A field with the same name already exists',
  requiredMissing: 'Some required fields are missing',
  noFields: 'Please create a field first',
  collectionNotFound: 'Collection not found',
  documentNotFound: 'Document not found',
  documentIdTaken: 'A document with this _id exists already',
  databaseNotFound: 'Database not found',
} as const;

/** An id a client may give the document it creates (so it can create offline and send it again safely). */
export const DOCUMENT_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

export const collectionExists = (name: string): string => `Collection ${name} already exists.`;

/** Letters, digits, spaces and hyphens only. */
const COLLECTION_NAME = /^[a-zA-Z0-9 -]*$/;

/** As typed: lower-cased, spaces become hyphens ('My Products' -> 'my-products'). */
export const normaliseCollectionName = (text: string): string => text.toLowerCase().replace(/ /g, '-');

/** The message for a typed collection name, or undefined when it may be used. */
export function collectionNameError(text: string): string | undefined {
  if (text.trim() === '') return DATABASE_MESSAGES.missingCollectionName;
  if (!COLLECTION_NAME.test(text)) return DATABASE_MESSAGES.specialCharacters;
  return undefined;
}

/** A field's name: letters and digits, starting with a letter (it is a key of every document). */
export const FIELD_NAME = /^[a-zA-Z][a-zA-Z0-9]*$/;

/** 'Release date (UTC)' -> 'releaseDateUtc': camel case, special characters removed. */
export const fieldNameFromDisplayName = featureNameFromDisplayName;

// Names in the per-app database (spec 001 sections 3 and 5): a collection's name is typed
// freely and kept lower-case with hyphens; a field's name follows its display name in camel
// case. The browser and the server check them with the same words.
import { featureNameFromDisplayName } from './feature-name';

export const COLLECTION_NAME_MESSAGES = {
  missing: 'Missing collection name',
  specialCharacters: 'Please remove special characters',
} as const;

/** Letters, digits, spaces and hyphens only (before normalising). */
const ALLOWED = /^[a-zA-Z0-9 -]*$/;

/** 'My Orders' -> 'my-orders': lower-cased, spaces to hyphens, as the user types. */
export function normaliseCollectionName(typed: string): string {
  return typed.toLowerCase().replace(/ /g, '-');
}

/** The spec's message for a typed or normalised collection name, or undefined when it is fine. */
export function collectionNameError(name: string): string | undefined {
  if (!ALLOWED.test(name)) return COLLECTION_NAME_MESSAGES.specialCharacters;
  if (!name.trim().replace(/-/g, '')) return COLLECTION_NAME_MESSAGES.missing;
  return undefined;
}

/** 'Created at (UTC)' -> 'createdAtUtc': camel case, special characters removed. */
export function fieldNameFromDisplayName(displayName: string): string {
  return featureNameFromDisplayName(displayName);
}

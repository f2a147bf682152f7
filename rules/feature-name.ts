// Feature names (spec 001 sections 3 and 5): camel case, derived from the display name as the
// developer types it, checked with the same words by the features form and the server.

/** Spec 001 section 9: a feature name is under 50 characters. */
export const FEATURE_NAME_MAX = 49;

export const FEATURE_MESSAGES = {
  displayNameRequired: 'Display name is required',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 50 characters',
  notCamelCase: 'Name must be camel case',
  notUnique: 'Feature names must be unique',
} as const;

/** Starts with a lowercase letter, letters and digits only, at least 2 characters. */
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]+$/;

/** 'Max products (per store)!' -> 'maxProductsPerStore'; accents are dropped, leading digits too. */
export function featureNameFromDisplayName(displayName: string): string {
  const words = displayName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const joined = words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  const fromLetter = joined.replace(/^[0-9]+/, '');
  return fromLetter.charAt(0).toLowerCase() + fromLetter.slice(1);
}

export function featureNameError(name: string): string | undefined {
  if (!name) return FEATURE_MESSAGES.nameRequired;
  if (name.length > FEATURE_NAME_MAX) return FEATURE_MESSAGES.nameTooLong;
  if (!CAMEL_CASE.test(name)) return FEATURE_MESSAGES.notCamelCase;
  return undefined;
}

/** Positions (0-based) of every feature whose name an earlier one already has. */
export function duplicateFeatureNames(names: ReadonlyArray<string>): number[] {
  const seen = new Set<string>();
  return names.flatMap((name, i) => {
    const repeated = seen.has(name);
    seen.add(name);
    return repeated ? [i] : [];
  });
}

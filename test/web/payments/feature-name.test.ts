import { duplicateFeatureNames, featureNameError, featureNameFromDisplayName } from '../../../rules/feature-name';

describe('feature name derived from the display name', () => {
  it.each([
    ['Max products', 'maxProducts'],
    ['Max products (per store)!', 'maxProductsPerStore'],
    ['API calls', 'apiCalls'],
    ['  custom   domain  ', 'customDomain'],
    ['Café menu', 'cafeMenu'],
    ['2 Seats', 'seats'],
    ['Seats 2', 'seats2'],
    ['!!!', ''],
  ])('%p becomes %p', (displayName, name) => {
    expect(featureNameFromDisplayName(displayName)).toBe(name);
  });

  it('always yields a valid name from a display name with two letters or more', () => {
    for (const displayName of ['Remove branding', 'Analytics', 'Priority support 24/7', 'e-mail Alerts']) {
      expect(featureNameError(featureNameFromDisplayName(displayName))).toBeUndefined();
    }
  });
});

describe('feature name check', () => {
  it.each([
    ['', 'Name is required'],
    ['a'.repeat(50), 'Name must be less than 50 characters'],
    ['MaxProducts', 'Name must be camel case'],
    ['max_products', 'Name must be camel case'],
    ['x', 'Name must be camel case'],
    ['1seat', 'Name must be camel case'],
  ])('%p: %p', (name, message) => {
    expect(featureNameError(name)).toBe(message);
  });

  it.each(['maxProducts', 'a'.repeat(49), 'seats2'])('accepts %p', (name) => {
    expect(featureNameError(name)).toBeUndefined();
  });

  it('points at every later feature that repeats a name', () => {
    expect(duplicateFeatureNames(['seats', 'storage', 'seats', 'storage', 'seats'])).toEqual([2, 3, 4]);
    expect(duplicateFeatureNames(['seats', 'storage'])).toEqual([]);
  });
});

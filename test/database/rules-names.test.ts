import { collectionNameError, fieldNameFromDisplayName, normaliseCollectionName } from '../../rules/database';

describe('collection names', () => {
  it.each([
    ['Orders', 'orders'],
    ['My Orders', 'my-orders'],
    ['Order items 2026', 'order-items-2026'],
    ['already-hyphenated', 'already-hyphenated'],
  ])('%j is typed as %j', (typed, name) => {
    expect(normaliseCollectionName(typed)).toBe(name);
  });

  it.each([
    ['', 'Missing collection name'],
    ['   ', 'Missing collection name'],
    ['orders!', 'Please remove special characters'],
    ['my orders', undefined],
    ['ordérs', 'Please remove special characters'],
    ['orders_2', 'Please remove special characters'],
    ['my-orders', undefined],
    ['My Orders 2', undefined],
  ])('%j gives %j', (name, message) => {
    expect(collectionNameError(name)).toBe(message);
  });
});

describe('field names', () => {
  it.each([
    ['Title', 'title'],
    ['Unit price', 'unitPrice'],
    ['Created at (UTC)!', 'createdAtUtc'],
    ['  in   stock  ', 'inStock'],
    ['Größe', 'groE'],
  ])('%j derives %j', (displayName, name) => {
    expect(fieldNameFromDisplayName(displayName)).toBe(name);
  });
});

// Widget view counts and plan limits shown short (spec 003 section 9).
import { abbreviate, abbreviateLimit } from '../../rules/abbreviate';

describe('view counts', () => {
  it.each([
    [999, '999'],
    [1234, '1.23K'],
    [5_600_000, '5.6M'],
    [7_000_000_000, '7B'],
    [3.5e12, '3.5T'],
    [2e15, '2P'],
    [1.25e18, '1.25E'],
    [-1500, '-1.5K'],
  ])('abbreviates %d as %s', (value, shown) => {
    expect(abbreviate(value)).toBe(shown);
  });

  it.each([
    [300, '300'],
    [10_000_000, '10M'],
    [10_000_001, 'Unlimited'],
    [Number.MAX_SAFE_INTEGER, 'Unlimited'],
  ])('shows the view limit %d as %s', (limit, shown) => {
    expect(abbreviateLimit(limit)).toBe(shown);
  });
});

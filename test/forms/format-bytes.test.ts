// Sizes in the unit that fits (issue 27, item 13: the storage meter read "0 GB" for 212 kB).
import { formatBytes } from '../../rules/format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [980, '980 B'],
    [1023, '1023 B'],
    [1024, '1 kB'],
    [212 * 1024, '212 kB'],
    [216_678, '211.6 kB'],
    [1024 * 1024 - 20, '1 MB'],
    [12.5 * 1024 ** 2, '12.5 MB'],
    [3.24 * 1024 ** 3, '3.2 GB'],
    [5 * 1024 ** 3, '5 GB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%s bytes read %s', (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });
});

// Sizes in the unit that fits (issue 27, item 13: the storage meter read "0 GB" for 212 kB).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatBytes, formatPlanStorage } from '../../rules/format-bytes';
import { storageFull } from '../../rules/media';

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

describe('formatPlanStorage (spec 002: MB under 1e9 bytes, else GB), in the same binary units', () => {
  it.each([
    [100 * 1024 ** 2, '100 MB'],
    [500 * 1024 ** 2, '500 MB'],
    [1e9 - 1, '953.67 MB'],
    [1024 ** 3, '1 GB'],
    [5 * 1024 ** 3, '5 GB'],
    [5.5 * 1024 ** 3, '5.5 GB'],
  ])('%d bytes read %s', (bytes, shown) => {
    expect(formatPlanStorage(bytes)).toBe(shown);
  });

  it('reads every plan of the shipped plan data as a whole number of MB or GB, as the plan states it', () => {
    const data = JSON.parse(readFileSync(join(__dirname, '..', '..', 'server', 'data', 'billing-plans.json'), 'utf8')) as { families: Record<string, Array<{ features: Record<string, unknown> }>>; perApp: Array<{ features: Record<string, unknown> }> };
    const sizes = [...Object.values(data.families).flat(), ...data.perApp].map((plan) => plan.features.numberOfBytesInStorage).filter((bytes): bytes is number => typeof bytes === 'number');
    expect(sizes.length).toBeGreaterThan(0);
    for (const bytes of sizes) expect(formatPlanStorage(bytes)).toMatch(/^\d+ (MB|GB)$/);
  });
});

it('words the media storage refusal in the same units as the plan (5 GB, not 5120 MB)', () => {
  expect(storageFull(5 * 1024 ** 3)).toBe('Storage limit reached: your plan stores up to 5 GB. Delete files or upgrade your plan.');
  expect(storageFull(100 * 1024 ** 2)).toBe('Storage limit reached: your plan stores up to 100 MB. Delete files or upgrade your plan.');
});

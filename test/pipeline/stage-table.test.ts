// The stage-time table `npm test` prints (issue 27, item 14): wall times in whole minutes and seconds.
import { formatStageTable } from '../../scripts/stages';

const wallTime = (seconds: number): string => formatStageTable([{ name: 'jest', seconds, ok: true }]).split('\n')[2].split('|')[2].trim();

describe('stage table wall time', () => {
  it.each([
    [0, '0 min 00 s'],
    [59.4, '0 min 59 s'],
    [59.6, '1 min 00 s'],
    [61, '1 min 01 s'],
    [959.6, '16 min 00 s'],
    [959.4, '15 min 59 s'],
  ])('%s s reads %s', (seconds, shown) => {
    expect(wallTime(seconds)).toBe(shown);
  });
});

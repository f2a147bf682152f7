// Demo data for `npm start`: returns the lines to print (accounts and passwords).
// Each area seeds its own part, in order (later areas may use earlier areas' data).
import type { AppContext } from '../context';
import { seedAccounts } from './accounts';
import { seedDeveloperPortal } from './developer';

type AreaSeed = (ctx: AppContext) => Promise<string[]>;

const areaSeeds: AreaSeed[] = [seedAccounts, seedDeveloperPortal];

export async function seedDemo(ctx: AppContext): Promise<string[]> {
  const lines: string[] = [];
  for (const seed of areaSeeds) lines.push(...(await seed(ctx)));
  return lines;
}

// Demo data for `npm start`: returns the lines to print (accounts and passwords).
// Each area seeds its own part, in order (later areas may use earlier areas' data). A mark
// stored with the printed lines makes later starts one read instead of a dozen (the areas
// stay idempotent on their own, for a store seeded before the mark existed). Seeding runs under
// the store lease "demo-seed": instances starting at once on a new store seed it once, and the
// others wait and print the same lines (docs/serving.md).
import type { AppContext } from '../context';
import type { Collection, Doc } from '../storage/port';
import { withStoreLease } from '../schema-evolution/store-lease';
import { seedAccounts } from './accounts';
import { seedDeveloperPortal } from './developer';
import { seedWebhooks } from './webhooks';
import { seedPayments } from './payments';
import { seedDatabase } from './database';
import { seedWorkspaceProjects } from './workspace-projects';
import { seedWorkspaceWidgets } from './workspace-widgets';
import { seedWidgetAnalytics } from './widget-analytics';
import { seedWorkspaceMedia } from './workspace-media';
import { seedFeedbackRequest } from './feedback';
import { seedBilling } from './billing';

type AreaSeed = (ctx: AppContext) => Promise<string[]>;

const areaSeeds: AreaSeed[] = [seedAccounts, seedDeveloperPortal, seedWebhooks, seedPayments, seedDatabase, seedWorkspaceProjects, seedWorkspaceWidgets, seedWidgetAnalytics, seedWorkspaceMedia, seedFeedbackRequest, seedBilling];

interface DemoMark extends Doc {
  lines: string[];
  created: string;
}
const MARK_ID = 'seeded';
const marks = (ctx: AppContext): Collection<DemoMark> => ctx.store.collection<DemoMark>('demo_marks');

async function seedOnce(ctx: AppContext): Promise<string[]> {
  const mark = await marks(ctx).findOne({ _id: MARK_ID });
  if (mark) return mark.lines;
  const lines: string[] = [];
  for (const seed of areaSeeds) lines.push(...(await seed(ctx)));
  await marks(ctx).findOneAndUpdate({ _id: MARK_ID }, { $set: { lines, created: ctx.now().toISOString() } }, { upsert: true });
  return lines;
}

export async function seedDemo(ctx: AppContext): Promise<string[]> {
  // A seeded store (every start after the first) answers from its mark without taking the lease.
  const mark = await marks(ctx).findOne({ _id: MARK_ID });
  if (mark) return mark.lines;
  return withStoreLease({ store: ctx.store, name: 'demo-seed', now: ctx.now, work: () => seedOnce(ctx) });
}

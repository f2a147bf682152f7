// The widgets bench data: the app-users bench's signed-in user owning a project of 10,000
// widgets (updated a minute apart over four types, named by one of eight words in turn, so a
// search for a word matches 1 in 8 spread over the whole list) and one of 20 (the floor).
import type { AppContext } from '../../server/context';
import { projects, widgets } from '../../server/services/workspace/model';
import type { WidgetDoc } from '../../server/services/workspace/model';
import { seedBenchDeveloper } from './app-users-data';

export const BIG_PROJECT = 'bench-project-10k';
export const SMALL_PROJECT = 'bench-project-20';
export const WIDGET_COUNT = 10_000;
const OWNER = 'bench-user';
const TYPES = ['countdown', 'faq', 'testimonials', 'poll'];
const WORDS = ['Spring', 'Summer', 'Autumn', 'Winter', 'Launch', 'Holiday', 'Weekend', 'Clearance'];
/** Matches 1 in 8 names. */
export const SEARCH_WORD = 'launch';

const widget = (projectId: string, i: number): WidgetDoc => {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  return { _id: `${projectId}-${i}`, ownerId: OWNER, projectId, name: `${WORDS[i % WORDS.length]} sale ${i}`, type: TYPES[i % TYPES.length], settings: {}, views: i % 500, created: at, updated: at };
};

async function addProject({ ctx, projectId, count }: { ctx: AppContext; projectId: string; count: number }): Promise<void> {
  const now = ctx.now().toISOString();
  await projects(ctx).insertOne({ _id: projectId, ownerId: OWNER, name: projectId, domains: [], created: now, updated: now });
  for (let start = 0; start < count; start += 5_000) {
    await widgets(ctx).insertMany(Array.from({ length: Math.min(5_000, count - start) }, (_, k) => widget(projectId, start + k)));
  }
}

export async function seedWidgets(ctx: AppContext): Promise<void> {
  await seedBenchDeveloper(ctx);
  await addProject({ ctx, projectId: BIG_PROJECT, count: WIDGET_COUNT });
  await addProject({ ctx, projectId: SMALL_PROJECT, count: 20 });
}

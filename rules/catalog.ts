// Widget catalog rules shared by the server and the catalog screens (spec 003, "Widget catalog").
import { UNCATEGORIZED } from './workspace-roles';

/** Spec section 9: "Discover list 6 apps". */
export const DISCOVER_COUNT = 6;

export const CATALOG_MESSAGES = {
  notFound: 'Widget not found',
  typeNotFound: 'Plugin type not found',
} as const;

export type TagIcon = 'popular' | 'trending' | 'new';

const TAG_ICONS: TagIcon[] = ['popular', 'trending', 'new'];

/** Tags whose words include popular, trending or new get an icon on Home ("Most Popular", "New Widgets"). */
export function tagIcon(tag: string): TagIcon | undefined {
  const words = tag.toLowerCase().split(/[^a-z]+/);
  return TAG_ICONS.find((icon) => words.includes(icon));
}

/** What's New lists the apps tagged new. */
export const isNewTag = (tag: string): boolean => tagIcon(tag) === 'new';

/** A catalog card's link: /{slug}/editor?projectId={id}; outside a project (uncategorized) without projectId. */
export function editorPath({ slug, projectId }: { slug: string; projectId?: string }): string {
  const path = `/${encodeURIComponent(slug)}/editor`;
  return projectId && projectId !== UNCATEGORIZED ? `${path}?projectId=${encodeURIComponent(projectId)}` : path;
}

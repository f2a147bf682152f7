// Where the database screens live (spec 001 section 2): a collection by its id, with an
// optional tab, or by its name right after it was created or renamed.
import { appPath } from '../shell/menu';

export const COLLECTION_TABS = [
  { slug: 'documents', label: 'Documents' },
  { slug: 'fields', label: 'Fields' },
  { slug: 'settings', label: 'Settings' },
] as const;

export type CollectionTab = (typeof COLLECTION_TABS)[number]['slug'];

export const collectionTabOf = (slug?: string): CollectionTab => COLLECTION_TABS.find((tab) => tab.slug === slug)?.slug ?? 'documents';

export const databasePath = (appId: string): string => appPath(appId, 'database');

export const collectionPath = (appId: string, collectionId: string, tab?: CollectionTab): string =>
  appPath(appId, 'database', `collection/${encodeURIComponent(collectionId)}${tab ? `/${tab}` : ''}`);

export const namedCollectionPath = (appId: string, name: string): string => appPath(appId, 'database', encodeURIComponent(name));

// Where a declared relation's picker finds its choices (issue 23 item 3): the list of the
// declared resource stored in the named collection in the same scope, or a hand-written list of
// that scope. A relation with neither stays a text field for the id.
import type { ResourceScope } from '../../rules/resource-declaration';
import type { DeclaredScreen } from './declared';

/** A list answering `{data: {docs|items, total}}`, searched by `search` when it takes one. */
export type RelationSource = { url: string; idField: string; labelField: string; search: boolean };

/** Hand-written lists a declaration may point into, by scope and collection. */
const HAND_WRITTEN: Partial<Record<ResourceScope, Readonly<Record<string, RelationSource>>>> = {
  // spec 003's project widgets (listProjectWidgets): `search` matches the name.
  project: { widgets: { url: '/api/project/{projectId}/component', idField: 'guid', labelField: 'name', search: true } },
};

export function relationSource({ collection, scope, screens }: { collection: string; scope: ResourceScope; screens: ReadonlyArray<DeclaredScreen> }): RelationSource | undefined {
  const declared = screens.find((screen) => screen.collection === collection && screen.scope === scope);
  if (declared) return { url: declared.path, idField: 'id', labelField: declared.labelField, search: declared.search.length > 0 };
  return HAND_WRITTEN[scope]?.[collection];
}

/** The fields of `screen` whose relation the web app can list, with where; the others take an id typed in. */
export function relationSourcesOf({ screen, screens }: { screen: Pick<DeclaredScreen, 'relations' | 'scope'>; screens: ReadonlyArray<DeclaredScreen> }): Readonly<Record<string, RelationSource>> {
  return Object.fromEntries(
    Object.entries(screen.relations).flatMap(([field, collection]) => {
      const source = relationSource({ collection, scope: screen.scope, screens });
      return source ? [[field, source]] : [];
    }),
  );
}

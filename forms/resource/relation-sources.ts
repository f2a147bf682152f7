// Where a declared relation's picker finds its choices (issue 23 item 3): the list of the
// declared resource stored in the named collection in the same scope, or a hand-written list of
// that scope (the collections rules/resource-declaration.ts allows). A relation with neither
// stays a text field for the id.
import type { HAND_WRITTEN_RELATIONS, ResourceScope } from '../../rules/resource-declaration';
import type { DeclaredScreen } from './declared';

/** A list answering `{data: {docs|items, total}}`, searched by `search` when it takes one. */
export type RelationSource = { url: string; idField: string; labelField: string; search: boolean };

type HandWritten = typeof HAND_WRITTEN_RELATIONS;

/** The list of each hand-written collection a declaration may point into (one for every name the rule allows), by scope. */
const HAND_WRITTEN: { readonly [S in keyof HandWritten]: Readonly<Record<HandWritten[S][number], RelationSource>> } = {
  // spec 003's project widgets (listProjectWidgets): `search` matches the name.
  project: { widgets: { url: '/api/project/{projectId}/component', idField: 'guid', labelField: 'name', search: true } },
};
const handWrittenOf = (scope: ResourceScope): Readonly<Record<string, RelationSource>> | undefined => (HAND_WRITTEN as Partial<Record<ResourceScope, Readonly<Record<string, RelationSource>>>>)[scope];

export function relationSource({ collection, scope, screens }: { collection: string; scope: ResourceScope; screens: ReadonlyArray<DeclaredScreen> }): RelationSource | undefined {
  const declared = screens.find((screen) => screen.collection === collection && screen.scope === scope);
  if (declared) return { url: declared.path, idField: 'id', labelField: declared.labelField, search: declared.search.length > 0 };
  return handWrittenOf(scope)?.[collection];
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

// A declared relation shown as the related record's name (its list's label field) in the list's
// cells and the details, where the web app can list it (forms/resource/relation-sources.ts);
// the id while the names load, or for a record beyond the first 100.
import type { ReactNode } from 'react';
import { useRelationNames } from '../../../../forms/resource/use-relation-names';
import type { RelationSource } from '../../../../forms/resource/relation-sources';

function RelationName({ source, path, id }: { source: RelationSource; path: Readonly<Record<string, string>>; id: string }) {
  const names = useRelationNames({ source, path });
  return <>{names.get(id) ?? id}</>;
}

/** Cells by field for ResourceList's and ResourceDetails' renderCells. */
export function relationCells({ sources, path }: { sources: Readonly<Record<string, RelationSource>>; path: Readonly<Record<string, string>> }): Record<string, (row: Readonly<Record<string, unknown>>) => ReactNode> {
  return Object.fromEntries(
    Object.entries(sources).map(([field, source]) => [field, (row: Readonly<Record<string, unknown>>) => (typeof row[field] === 'string' && row[field] ? <RelationName source={source} path={path} id={row[field]} /> : null)]),
  );
}

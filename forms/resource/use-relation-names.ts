// The names of a declared relation's records by id, for showing a relation as the record's
// name rather than its id: one request of the source's first 100 records (its page limit),
// shared by every cell of a list through the query cache. An id beyond them shows as itself.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { relationChoices } from './relation-choices';
import type { RelationSource } from './relation-sources';

const NAMED = 100;

export function useRelationNames({ source, path, enabled = true }: { source: RelationSource; path: Readonly<Record<string, string>>; enabled?: boolean }): ReadonlyMap<string, string> {
  const named = useQuery({ queryKey: ['declared-relation-names', source.url, path], queryFn: () => relationChoices({ source, path, limit: NAMED }), enabled, staleTime: 30_000 });
  return useMemo(() => new Map(named.data?.map((choice) => [choice.id, choice.label])), [named.data]);
}

// The records a declared relation may point to, as id and name (relation-sources.ts): the
// picker's choices (forms/widgets/DeclaredRelationWidget.tsx) and the names the list and the
// details show instead of bare ids (web/src/pages/declared/RelationName.tsx).
import { client } from '../../generated/client/client.gen';
import { callApi } from '../call-api';
import { rowsOf } from './description';
import type { ListAnswer } from './description';
import type { RelationSource } from './relation-sources';

export type RelationChoice = { id: string; label: string };

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The first `limit` records of the source (the lists take 100 at most), found by `search` when it takes one. */
export async function relationChoices({ source, path, search = '', limit }: { source: RelationSource; path: Readonly<Record<string, string>>; search?: string; limit: number }): Promise<RelationChoice[]> {
  const query = { limit, ...(search && source.search ? { search } : {}) };
  const envelope = await callApi(client.get<{ 200: { data: ListAnswer } }, unknown, false>({ url: source.url, path: { ...path }, query }));
  return rowsOf(envelope.data).map((row) => {
    const record = row as Record<string, unknown>;
    return { id: text(record[source.idField]), label: text(record[source.labelField]) || text(record[source.idField]) };
  });
}

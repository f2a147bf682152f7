// A declared resource's relation field (issue 23 item 3): the user picks a record of the related
// list, searched by its name, instead of typing an id. ui:options: source (a RelationSource:
// the list's path, id and name fields) and path (the scope's ids: { projectId }).
import { useQuery } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { client } from '../../generated/client/client.gen';
import { callApi } from '../call-api';
import { rowsOf } from '../resource/description';
import type { ListAnswer } from '../resource/description';
import type { RelationSource } from '../resource/relation-sources';
import { useDebouncedSearch } from './use-debounced-search';

/** Choices shown at once; more are found by searching. */
const CHOICES = 20;

type Choice = { id: string; label: string };

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

async function choicesOf({ source, path, search }: { source: RelationSource; path: Record<string, string>; search: string }): Promise<Choice[]> {
  const query = { limit: CHOICES, ...(search && source.search ? { search } : {}) };
  const envelope = await callApi(client.get<{ 200: { data: ListAnswer } }, unknown, false>({ url: source.url, path, query }));
  return rowsOf(envelope.data).map((row) => {
    const record = row as Record<string, unknown>;
    return { id: text(record[source.idField]), label: text(record[source.labelField]) || text(record[source.idField]) };
  });
}

export function DeclaredRelationWidget({ id, value, onChange, options, disabled, readonly, label }: WidgetProps) {
  const source = options.source as RelationSource;
  const path = (options.path ?? {}) as Record<string, string>;
  const { typed, setTyped, search } = useDebouncedSearch();
  const found = useQuery({ queryKey: ['declared-relation', source.url, path, search], queryFn: () => choicesOf({ source, path, search }) });
  const items = found.data ?? [];
  const current = text(value);
  // The chosen record stays a choice when a search no longer finds it (shown by its id).
  const choices = current && !items.some((choice) => choice.id === current) ? [{ id: current, label: current }, ...items] : items;
  const locked = disabled || readonly;
  return (
    <div className="sf-relation">
      {source.search && (
        <input type="search" className="form-control" aria-label={`Search ${label}`} placeholder="Search" value={typed} disabled={locked} onChange={(event) => setTyped(event.target.value)} />
      )}
      <select id={id} className="form-control" aria-label={label} value={current} disabled={locked} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{found.isFetching ? 'Searching…' : `Choose one (${items.length} shown)`}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

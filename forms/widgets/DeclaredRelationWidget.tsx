// A declared resource's relation field (issue 23 item 3): the user picks a record of the related
// list, searched by its name, instead of typing an id. ui:options: source (a RelationSource:
// the list's path, id and name fields) and path (the scope's ids: { projectId }).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { relationChoices } from '../resource/relation-choices';
import { useRelationNames } from '../resource/use-relation-names';
import type { RelationSource } from '../resource/relation-sources';
import { useDebouncedSearch } from './use-debounced-search';

/** Choices shown at once; more are found by searching. */
const CHOICES = 20;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export function DeclaredRelationWidget({ id, value, onChange, options, disabled, readonly, label }: WidgetProps) {
  const source = options.source as RelationSource;
  const path = (options.path ?? {}) as Record<string, string>;
  const { typed, setTyped, search } = useDebouncedSearch();
  // The last choices stay while a new search runs, so the chosen record keeps its name meanwhile.
  const found = useQuery({ queryKey: ['declared-relation', source.url, path, search], queryFn: () => relationChoices({ source, path, search, limit: CHOICES }), placeholderData: keepPreviousData });
  const items = found.data ?? [];
  const current = text(value);
  const missing = Boolean(current) && !items.some((choice) => choice.id === current);
  const names = useRelationNames({ source, path, enabled: missing });
  // The chosen record stays a choice when a search no longer finds it (by its name when known).
  const choices = missing ? [{ id: current, label: names.get(current) ?? current }, ...items] : items;
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

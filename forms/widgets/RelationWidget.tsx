// A relation field of a document form: the developer picks a document of the target collection,
// found by its first text field and shown by it, instead of typing an id. ui:options: appId,
// collection (the target's name). Reads through the generated client (owner's document list).
import { useQuery } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { getCollectionSchemaOptions, getDocumentOptions, listDocumentsOptions } from '../../generated/client/@tanstack/react-query.gen';
import type { DbDocument, DbField } from '../../generated/client/types.gen';
import { useDebouncedSearch } from './use-debounced-search';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const escapeRegex = (typed: string): string => typed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field that names the target's documents: its first single text field. */
export const labelFieldOf = (attributes: ReadonlyArray<DbField> = []): string | undefined =>
  attributes.find((field) => field.type === 'text' && !field.validation?.array)?.name;

export const documentLabel = (doc: DbDocument, labelField?: string): string => {
  const named = labelField ? doc[labelField] : undefined;
  return typeof named === 'string' && named ? named : doc._id;
};

export function RelationWidget({ id, value, onChange, options, disabled, readonly, label }: WidgetProps) {
  const path = { appId: text(options.appId), name: text(options.collection) };
  const { typed, setTyped, search } = useDebouncedSearch();

  const schema = useQuery({ ...getCollectionSchemaOptions({ path }), enabled: Boolean(path.appId && path.name) });
  const labelField = labelFieldOf(schema.data?.data.attributes);
  const query = search && labelField ? JSON.stringify({ [labelField]: { $regex: escapeRegex(search), $options: 'i' } }) : undefined;
  const found = useQuery({ ...listDocumentsOptions({ path, query: { limit: 20, query } }), enabled: schema.isSuccess });
  const chosen = useQuery({ ...getDocumentOptions({ path: { ...path, docId: text(value) } }), enabled: schema.isSuccess && Boolean(value) });

  const items = found.data?.data.items ?? [];
  const current = chosen.data?.data;
  const choices = current && !items.some((doc) => doc._id === current._id) ? [current, ...items] : items;
  const locked = disabled || readonly;
  return (
    <div className="sf-relation">
      <input
        type="search"
        className="form-control"
        aria-label={`Search ${label}`}
        placeholder={labelField ? `Search by ${labelField}` : 'Search'}
        value={typed}
        disabled={locked || !labelField}
        onChange={(event) => setTyped(event.target.value)}
      />
      <select id={id} className="form-control" aria-label={label} value={text(value)} disabled={locked} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{found.isFetching ? 'Searching…' : `Choose a document (${found.data?.data.total ?? 0} found)`}</option>
        {choices.map((doc) => (
          <option key={doc._id} value={doc._id}>
            {documentLabel(doc, labelField)}
          </option>
        ))}
        {value && !choices.some((doc) => doc._id === value) ? <option value={text(value)}>{text(value)}</option> : null}
      </select>
    </div>
  );
}

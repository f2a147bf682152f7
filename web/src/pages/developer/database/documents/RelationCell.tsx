// A relation column's cell: the list asks for its relations expanded (documents-resource.ts), and
// the cell shows each related document by its label, its first text field as the relation
// picker shows it; an id the server left unexpanded (the document is gone) shows as itself.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getCollectionSchemaOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import type { DbDocument } from '../../../../../../generated/client/types.gen';
import { documentLabel, labelFieldOf } from '../../../../../../forms/widgets/RelationWidget';
import { relationFields } from '../../../../../../forms/database/document-form';
import type { DatabaseField } from '../../../../../../rules/database-fields';

const isDocument = (value: unknown): value is DbDocument =>
  typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';

function RelationLabels({ appId, collection, value }: { appId: string; collection: string; value: unknown }) {
  const schema = useQuery(getCollectionSchemaOptions({ path: { appId, name: collection } }));
  const labelField = labelFieldOf(schema.data?.data.attributes);
  const labels = (Array.isArray(value) ? value : [value]).flatMap((item) => (isDocument(item) ? [documentLabel(item, labelField)] : typeof item === 'string' ? [item] : []));
  return <>{labels.join(', ')}</>;
}

/** Cell renderers of the relation columns, by field name. */
export function relationCells({ appId, attributes }: { appId: string; attributes: ReadonlyArray<DatabaseField> }): Record<string, (row: DbDocument) => ReactNode> {
  return Object.fromEntries(
    relationFields(attributes).map((field) => [field.name, (row: DbDocument) => <RelationLabels appId={appId} collection={field.relation ?? ''} value={row[field.name]} />]),
  );
}

// The Fields tab (spec 001 sections 2 and 4): the collection's fields; Add field picks a type
// first, then opens the field popup; editing or deleting a field re-posts the whole list.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { listCollectionsOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import { saveCollectionSchema } from '../../../../../../generated/client/sdk.gen';
import type { DbCollection, DbField } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { draftToField, withField, withoutField } from '../../../../../../forms/database/field-form';
import type { FieldDraft } from '../../../../../../forms/database/field-form';
import type { DatabaseField, FieldType } from '../../../../../../rules/database-fields';
import { propertiesOf } from '../../../../../../forms/resource/columns';
import { propertyHints } from '../../../../../../forms/resource/ui-hints';
import { schemaOf } from '../../../../../../forms/schemas';
import { DbFieldValidationSchema } from '../../../../../../generated/schemas/DbFieldValidation';
import { Badge } from '../../../../components/Badge';
import { ConfirmPopup } from '../../../../components/ConfirmPopup';
import { EmptyState } from '../../../../components/EmptyState';
import { refresh } from '../../lib/queries';
import { attributesOf } from '../attributes';
import { DB_TEXTS } from '../texts';
import { FIELD_TYPE_INFO } from './field-types';
import { FieldPopup } from './FieldPopup';
import { FieldTypePicker } from './FieldTypePicker';

type Dialog = { kind: 'pick' } | { kind: 'edit'; type: FieldType; field?: DatabaseField } | { kind: 'delete'; field: DatabaseField };

/** The validation's flags, each shown as a badge while on: its booleans the list draws (not `list: false`). */
const FLAGS = Object.entries(propertiesOf({ schema: schemaOf(DbFieldValidationSchema) }))
  .filter(([, property]) => property.type === 'boolean' && propertyHints(property).list !== false)
  .map(([flag]) => flag);

export function FieldsTab({ appId, collection }: { appId: string; collection: DbCollection }) {
  const attributes = useMemo(() => attributesOf(collection), [collection]);
  const names = useQuery(listCollectionsOptions({ path: { appId } }));
  const others = useMemo(() => (names.data?.data ?? []).filter((name) => name !== collection.name), [names.data, collection.name]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const path = { appId, name: collection.name };

  const save = async (next: DatabaseField[]) => {
    const result = await callApi(saveCollectionSchema({ path, body: { attributes: next as DbField[] } }));
    await refresh('getCollection', 'listDocuments');
    return result;
  };
  const saveDraft = (draft: FieldDraft) => {
    if (dialog?.kind !== 'edit') return Promise.reject(new Error('No field open'));
    const field = draftToField({ draft, type: dialog.type, id: dialog.field?.id });
    return save(withField({ attributes, field, editing: dialog.field?.name }));
  };

  return (
    <section className="dp-card" aria-label="Fields">
      <header className="resource-list__head">
        <h2>Fields</h2>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'pick' })}>Add field</button>
      </header>
      {attributes.length === 0 ? (
        <EmptyState title={DB_TEXTS.noFields} text="Fields give the collection's documents their shape: pick a type, then name it." />
      ) : (
        <ul className="db-fields">
          {attributes.map((field) => (
            <li key={field.name} className="db-field">
              <span className="db-type-picker__icon" aria-hidden="true">{FIELD_TYPE_INFO[field.type].icon}</span>
              <span className="db-field__names">
                <strong>{field.displayName}</strong>
                <code>{field.name}</code>
              </span>
              <span className="db-field__type">
                {FIELD_TYPE_INFO[field.type].label}
                {field.type === 'array' && field.subtype ? ` of ${FIELD_TYPE_INFO[field.subtype].label}` : ''}
              </span>
              <span className="db-field__flags">
                {FLAGS.filter((flag) => (field.validation as Readonly<Record<string, unknown>> | undefined)?.[flag] === true).map((flag) => <Badge key={flag} tone="neutral">{flag}</Badge>)}
              </span>
              <span className="dp-row">
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog({ kind: 'edit', type: field.type, field })}>Edit</button>
                <button type="button" className="btn btn-ghost btn-sm resource-action--danger" onClick={() => setDialog({ kind: 'delete', field })}>Delete</button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === 'pick' && <FieldTypePicker onPick={(type) => setDialog({ kind: 'edit', type })} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <FieldPopup type={dialog.type} field={dialog.field} attributes={attributes} collections={others} onSave={saveDraft} onClose={() => setDialog(null)} />
      )}
      <ConfirmPopup
        open={dialog?.kind === 'delete'}
        title="Delete field"
        text={`Delete the field ${dialog?.kind === 'delete' ? dialog.field.displayName : ''}? Its values stay in the documents but are no longer shown.`}
        confirmText="Delete"
        danger
        onCancel={() => setDialog(null)}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          const result = await save(withoutField({ attributes, name: dialog.field.name }));
          toast.success(result.message || DB_TEXTS.fieldDeleted);
          setDialog(null);
        }}
      />
    </section>
  );
}

// The add/update field popup (spec 001 sections 2, 4, 5): one form for the chosen type, its
// Basic and Advanced tabs showing their part of it; a new field's name follows the display name
// in camel case. Saving posts the collection's whole field list with this field added or replaced.
import { useMemo, useState } from 'react';
import type { CustomValidator } from '@rjsf/utils';
import { deriveFieldName, fieldDraftErrors, fieldFormSchema, fieldFormUi, fieldToDraft } from '../../../../../../forms/database/field-form';
import type { FieldDraft, FieldTab } from '../../../../../../forms/database/field-form';
import type { DatabaseField, FieldType } from '../../../../../../rules/database-fields';
import { ResourceFormPopup } from '../../../../components/resource/ResourceFormPopup';
import { FIELD_TYPE_INFO } from './field-types';
import { DbFieldSchema } from '../../../../../../generated/schemas/DbField';

const TYPE_NAMES = Object.fromEntries(Object.entries(FIELD_TYPE_INFO).map(([type, info]) => [type, info.label])) as Record<FieldType, string>;

const TABS: ReadonlyArray<{ id: FieldTab; label: string }> = [
  { id: 'basic', label: 'Basic' },
  { id: 'advanced', label: 'Advanced' },
];

export type FieldPopupProps = {
  type: FieldType;
  /** The field edited; absent when adding one. */
  field?: DatabaseField;
  attributes: ReadonlyArray<DatabaseField>;
  /** The app's other collections, targets of a relation. */
  collections: ReadonlyArray<string>;
  onSave: (draft: FieldDraft) => Promise<{ message: string }>;
  onClose: () => void;
};

export function FieldPopup({ type, field, attributes, collections, onSave, onClose }: FieldPopupProps) {
  const [tab, setTab] = useState<FieldTab>('basic');
  const [subtype, setSubtype] = useState(field?.subtype);
  const schema = useMemo(() => fieldFormSchema({ type, subtype, collections }), [type, subtype, collections]);
  const uiSchema = useMemo(() => fieldFormUi({ tab, schema, typeNames: TYPE_NAMES }), [tab, schema]);
  const validate: CustomValidator<FieldDraft> = (draft, errors) => {
    const found = fieldDraftErrors({ draft: draft ?? {}, type, attributes, editing: field?.name });
    for (const [key, message] of Object.entries(found)) errors[key as keyof FieldDraft]?.addError(message);
    return errors;
  };
  const label = FIELD_TYPE_INFO[type].label;
  return (
    <ResourceFormPopup<FieldDraft>
      open
      title={field ? `Update ${label} field` : `Add ${label} field`}
      entry={DbFieldSchema}
      schema={schema}
      uiSchema={uiSchema}
      formData={field ? fieldToDraft(field) : { type }}
      above={
        <nav className="dp-tabs db-field-tabs" role="tablist" aria-label="Field settings">
          {TABS.map((t) => (
            <button key={t.id} type="button" role="tab" aria-selected={t.id === tab} className={t.id === tab ? 'active' : ''} onClick={() => setTab(t.id)}>
              {t.label}
            </button>
          ))}
        </nav>
      }
      submitText={field ? 'Update field' : 'Add field'}
      // A stored field keeps its name: it is the key of every document's value.
      derive={field ? undefined : deriveFieldName}
      onChange={(draft) => setSubtype(draft.subtype)}
      customValidate={validate}
      toasts={{ success: ({ message }) => message }}
      onSubmit={onSave}
      onClose={onClose}
    />
  );
}

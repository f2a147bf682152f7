// A resource's create or edit popup with its description's form options (ResourceForm): the
// starting values, the schema and uiSchema following the draft and the data `useData` loads,
// the checks and derived fields.
import { useMemo, useState } from 'react';
import type { UiSchema } from '@rjsf/utils';
import type { FormContext, ResourceForm } from '../../../../forms/resource/form';
import { mergeUiSchemas } from '../../../../forms/resource/form-hints';
import type { FormToasts } from '../../../../forms/SchemaForm';
import { ResourceFormPopup } from './ResourceFormPopup';
import type { SchemaEntry } from '../../../../forms/schemas';

export type ResourceEditorProps<Row, F, X> = {
  form?: ResourceForm<Row, F, X>;
  title: string;
  submitText?: string;
  /** The body schema (form.schema may stand in for it), and a uiSchema laid over. */
  entry: SchemaEntry;
  uiSchema?: UiSchema;
  path: Readonly<Record<string, string>>;
  /** The row edited, or the one a create starts from (Duplicate), and its values as the form takes them. */
  row?: Row;
  formData?: Partial<F>;
  editing: boolean;
  rows: ReadonlyArray<Row>;
  toasts: FormToasts;
  onSubmit: (body: F) => Promise<unknown>;
  onClose: () => void;
};

const noData = (): undefined => undefined;

export function ResourceEditor<Row, F, X>({ form = {}, title, submitText, entry, uiSchema, path, row, formData, editing, rows, toasts, onSubmit, onClose }: ResourceEditorProps<Row, F, X>) {
  const { fromRow, initial } = form;
  const edited = editing ? row : undefined;
  const [typed, setDraft] = useState<Partial<F>>();
  // The starting values may need the data (a coupon starts on the first active platform) and
  // the data the values (the plans connected on that platform): the first pass settles them.
  const [start, setStart] = useState<Partial<F>>();
  const useData = form.useData ?? noData;
  const data = useData({ path, row: edited, draft: typed ?? start ?? {} });
  const first = start ?? (row && fromRow ? fromRow(row) : !row && initial ? initial({ rows, data, draft: {} }) : formData) ?? {};
  if (start === undefined) setStart(first);
  const draft = typed ?? first;
  // Memoised on what they read: a new schema object would make the form compile it again.
  const context = useMemo<FormContext<Row, F, X>>(() => ({ row: edited, rows, data, draft }), [edited, rows, data, draft]);
  const formSchema = useMemo(() => form.schema?.(context), [form, context]);
  // Field by field: the form's choices for a field keep the list's read-only mark on it.
  const formUi = useMemo(() => mergeUiSchemas(uiSchema ?? {}, form.uiSchema?.(context)), [uiSchema, form, context]);
  const send = form.toBody ?? ((values: F) => values);
  const live = form.liveErrors?.(draft);

  return (
    <ResourceFormPopup<F>
      open
      title={title}
      intro={form.intro?.(context)}
      entry={entry}
      schema={formSchema}
      uiSchema={formUi}
      formData={first}
      submitText={submitText}
      toasts={toasts}
      derive={form.derive}
      customValidate={form.customValidate?.(context)}
      fieldErrors={live}
      canSubmit={live ? () => Object.keys(live).length === 0 : undefined}
      onChange={setDraft}
      onSubmit={(values) => onSubmit(send(values))}
      onClose={onClose}
    />
  );
}

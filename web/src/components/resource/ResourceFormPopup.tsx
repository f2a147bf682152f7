// The create or edit popup of a resource: SchemaForm on the operation's request schema, the
// server's field errors inline, the spec's toasts. After a success the popup keeps its spinner
// for CLOSE_AFTER_MS, then closes (docs/resource-screens.md, "Timings").
import type { ReactNode } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { Modal } from '../Modal';
import { SchemaForm } from '../../../../forms/SchemaForm';
import type { FormToasts, SchemaFormProps } from '../../../../forms/SchemaForm';
import type { JsonSchema, SchemaEntry } from '../../../../forms/schemas';

/** Form popups close this long after the server said yes, so the success registers. */
export const CLOSE_AFTER_MS = 600;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ResourceFormPopupProps<T> = {
  open: boolean;
  title: string;
  /** The request schema (its registered uiSchema is applied too). */
  entry: SchemaEntry;
  schema?: JsonSchema;
  uiSchema?: UiSchema;
  formData?: Partial<T>;
  submitText?: string;
  toasts?: FormToasts;
  /** Text above the form (e.g. 'It might take a few minutes.'). */
  intro?: string;
  /** Shown above the form, under the intro (e.g. tabs that pick which fields show). */
  above?: ReactNode;
  onSubmit: (data: T) => Promise<unknown>;
  onClose: () => void;
  onChange?: (data: Partial<T>) => void;
  /** Rules the schema cannot say, and fields that follow others (see SchemaForm). */
  customValidate?: SchemaFormProps<T>['customValidate'];
  /** Field errors shown as the user types, and whether the form may be sent (see SchemaForm). */
  fieldErrors?: SchemaFormProps<T>['fieldErrors'];
  canSubmit?: SchemaFormProps<T>['canSubmit'];
  derive?: SchemaFormProps<T>['derive'];
};

export function ResourceFormPopup<T>({ open, title, entry, schema, uiSchema, formData, submitText = 'Save', toasts, intro, above, onSubmit, onClose, onChange, customValidate, derive, fieldErrors, canSubmit }: ResourceFormPopupProps<T>) {
  const submit = async (data: T) => {
    const result = await onSubmit(data);
    await pause(CLOSE_AFTER_MS);
    onClose();
    return result;
  };
  return (
    <Modal open={open} title={title} onClose={onClose}>
      {intro && <p className="resource-popup__intro">{intro}</p>}
      {above}
      <SchemaForm<T> entry={entry} schema={schema} uiSchema={uiSchema} formData={formData} submitText={submitText} toasts={toasts} onSubmit={submit} onChange={onChange} customValidate={customValidate} derive={derive} fieldErrors={fieldErrors} canSubmit={canSubmit}>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
      </SchemaForm>
    </Modal>
  );
}

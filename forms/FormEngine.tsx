// The form engine: RJSF drawing a JSON Schema (refs resolved against `definitions`) as its
// uiSchema says. It validates like the server (2020-12, same words), shows the server's field
// errors under their fields and its message under the form, and never loses what the user
// typed. It knows no registry of schemas or uiSchemas (SchemaForm adds them), so a page that
// brings its own (the sign-in pages, through LazySchemaForm) loads no other area's with it.
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { CustomValidator, UiSchema } from '@rjsf/utils';
import { formRoot } from './root-schema';
import type { JsonSchema } from './root-schema';
import { formValidator } from './validator';
import { transformErrors } from './transform-errors';
import { staleFree, toErrorSchema, toFormFailure } from './server-errors';
import { toastSubmission } from './submission-toasts';
import type { FieldErrors, FormFailure } from './server-errors';
import { widgets } from './widgets';
import { templates } from './templates';
import './forms.css';

export type FormToasts = {
  /** Shown while the request runs. */
  pending?: string;
  /** Shown on success; a function receives the message onSubmit resolved with (the envelope's, or ''). */
  success?: string | ((result: { message: string }) => string);
  /** Shown on failure; defaults to the server's message. */
  error?: string;
};

export type FormEngineProps<T> = {
  schema: JsonSchema;
  /** Schemas that `#/components/schemas/X` refs resolve against (none by default; SchemaForm gives every generated schema). */
  definitions?: Record<string, JsonSchema>;
  /** How the form looks: widgets, titles, order. */
  uiSchema?: UiSchema;
  /** Initial values; give the form a new `key` to start over with other values. */
  formData?: Partial<T>;
  /** Sends the data; reject (e.g. via callApi, or a generated mutation) to show the failure. */
  onSubmit: (data: T) => Promise<unknown>;
  submitText: string;
  /** Field errors and message from outside the form (e.g. a failure loaded with the page). */
  fieldErrors?: FieldErrors;
  message?: string;
  toasts?: FormToasts;
  disabled?: boolean;
  /** Submit stays disabled while this says no (e.g. terms not ticked). */
  canSubmit?: (data: Partial<T>) => boolean;
  customValidate?: CustomValidator<T>;
  onChange?: (data: Partial<T>) => void;
  /** Told the fields in error (dotted paths, e.g. `items.0.question`) when a submit fails, by the form's own checks or the server's. */
  onInvalid?: (fields: string[]) => void;
  /**
   * Fields that follow others as the user types (e.g. a name made from the display name): given
   * the edited data and the data before the edit, returns the data the form shows.
   */
  derive?: (next: Partial<T>, previous: Partial<T>) => Partial<T>;
  /** Rendered beside the submit button (secondary links or buttons). */
  children?: ReactNode;
  className?: string;
};

const successText = (success: (result: { message: string }) => string, result: unknown): string =>
  success({ message: typeof result === 'object' && result !== null && 'message' in result && typeof result.message === 'string' ? result.message : '' });

const NO_DEFINITIONS: Record<string, JsonSchema> = {};

export function FormEngine<T>(props: FormEngineProps<T>) {
  const { schema, definitions, uiSchema, formData, onSubmit, submitText, toasts, disabled, canSubmit, customValidate, onChange, onInvalid, derive, children, className } = props;
  const [data, setData] = useState<Partial<T>>(formData ?? {});
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<(FormFailure & { data: Partial<T> }) | null>(null);

  const validator = useMemo(() => formValidator<Partial<T>>(), []);
  const root = useMemo(() => formRoot({ schema, definitions: definitions ?? NO_DEFINITIONS }), [schema, definitions]);
  const ui = useMemo<UiSchema>(
    () => ({ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }),
    [uiSchema],
  );
  const extraErrors = useMemo(() => {
    const fromServer = failure ? staleFree({ fieldErrors: failure.fieldErrors, submitted: failure.data, current: data }) : {};
    return toErrorSchema({ ...props.fieldErrors, ...fromServer });
  }, [failure, data, props.fieldErrors]);
  const message = failure?.message ?? props.message;

  const handleChange = (event: IChangeEvent<Partial<T>>) => {
    const edited = event.formData ?? {};
    const next = derive ? derive(edited, data) : edited;
    setData(next);
    onChange?.(next);
  };

  const handleSubmit = async (event: IChangeEvent<Partial<T>>) => {
    const sent = (event.formData ?? {}) as T;
    setPending(true);
    setFailure(null);
    const run = onSubmit(sent);
    if (toasts) {
      const { success } = toasts;
      // sonner comes on demand: the sign-in forms show no toasts and never load it.
      void import('sonner').then(({ toast }) =>
        toastSubmission({
          toast,
          run,
          pending: toasts.pending,
          success: typeof success === 'function' ? (result: unknown) => successText(success, result) : success === undefined ? undefined : () => success,
          error: (thrown: unknown) => toasts.error ?? toFormFailure(thrown).message,
        }),
      );
    }
    try {
      await run;
    } catch (thrown) {
      const failed = toFormFailure(thrown);
      setFailure({ ...failed, data: sent });
      const fields = Object.keys(failed.fieldErrors);
      if (fields.length > 0) onInvalid?.(fields);
    } finally {
      setPending(false);
    }
  };

  const blocked = disabled || pending || (canSubmit ? !canSubmit(data) : false);

  return (
    <Form<Partial<T>>
      className={['sf', className ?? ''].join(' ').trim()}
      schema={root}
      uiSchema={ui}
      formData={data}
      validator={validator}
      widgets={widgets}
      templates={templates}
      transformErrors={transformErrors}
      customValidate={customValidate as CustomValidator<Partial<T>> | undefined}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      omitExtraData
      liveValidate={submitted ? 'onChange' : undefined}
      disabled={disabled}
      onChange={handleChange}
      onError={(errors) => {
        setSubmitted(true);
        onInvalid?.(errors.map((error) => (error.property ?? '').replace(/^\./, '')).filter(Boolean));
      }}
      onSubmit={(event) => {
        setSubmitted(true);
        void handleSubmit(event);
      }}
    >
      {message && (
        <p className="sf-message" role="alert">
          {message}
        </p>
      )}
      <div className="sf-actions">
        <button type="submit" className="btn btn-primary" disabled={blocked} aria-busy={pending}>
          {pending && <span className="spinner spinner--sm" aria-hidden="true" />}
          {submitText}
        </button>
        {children}
      </div>
    </Form>
  );
}

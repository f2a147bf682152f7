// A resource's create and edit popups beyond its body schema, as configuration: the values a
// new record starts with, the schema and uiSchema adjusted to the values typed and to data
// from other queries (choices), checks the schema cannot say, and fields that follow others.
import type { CustomValidator, UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../schemas';

/**
 * What the popup's options are given: the record edited (none when creating), every record
 * of a clientSide list (else none), what `useData` answered, and the values as typed so far.
 */
export type FormContext<Row, F, X> = { row?: Row; rows: ReadonlyArray<Row>; data: X | undefined; draft: Partial<F> };

export type ResourceForm<Row, F, X> = {
  /**
   * A React hook run while the popup is open, for data its choices come from (other queries:
   * a coupon's platforms and plans), given the list's path, the row edited and the draft.
   */
  useData?: (context: { path: Readonly<Record<string, string>>; row?: Row; draft: Partial<F> }) => X;
  /** The values a new record starts with (e.g. a random code and the spec's defaults). */
  initial?: (context: FormContext<Row, F, X>) => Partial<F>;
  /** The edited record's values as the form takes them (default: the row itself). */
  fromRow?: (row: Row) => Partial<F>;
  /** The popup's schema (default: the operation's body schema). */
  schema?: (context: FormContext<Row, F, X>) => JsonSchema;
  /** Laid over the registered uiSchema (choices' names, read-only fields). */
  uiSchema?: (context: FormContext<Row, F, X>) => UiSchema;
  customValidate?: (context: FormContext<Row, F, X>) => CustomValidator<F>;
  /**
   * Checks shown under their fields as the user types, before any submit (a webhook URL's
   * https rule), by field; the form is not sent while one holds a message.
   */
  liveErrors?: (draft: Partial<F>) => Readonly<Record<string, string>>;
  /** Fields that follow others as the user types (see SchemaForm's derive). */
  derive?: (next: Partial<F>, previous: Partial<F>) => Partial<F>;
  /** Text above the form (e.g. what is missing before the form can be sent). */
  intro?: (context: FormContext<Row, F, X>) => string | undefined;
  /** The body sent, from the values (e.g. trimmed names). */
  toBody?: (values: F) => F;
};

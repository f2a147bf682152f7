// A field's errors, announced to screen readers and tied to the control by id.
import type { FieldErrorProps } from '@rjsf/utils';
import { errorId } from '@rjsf/utils';

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className="sf-errors" role="alert">
      {shown.map((error, index) => (
        <li key={index}>{error}</li>
      ))}
    </ul>
  );
}

// A field's errors, announced to screen readers and tied to the control by id.
import type { FieldErrorProps } from '@rjsf/utils';
import { errorId } from '@rjsf/utils';

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (shown.length === 0) return null;
  // The alert wraps the list: role="alert" on the <ul> itself would take its list role, leaving
  // its items outside any list (axe: listitem, aria-allowed-role).
  return (
    <div id={errorId(fieldPathId)} role="alert">
      <ul className="sf-errors">
        {shown.map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

// The <input type="checkbox"> wiring the checkbox and switch widgets share: value, disabled
// state and RJSF's change, blur and focus callbacks.
import type { InputHTMLAttributes } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';

export const checkboxInputProps = ({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  autofocus,
}: WidgetProps): InputHTMLAttributes<HTMLInputElement> => ({
  id,
  type: 'checkbox',
  checked: value === true,
  disabled: disabled || readonly,
  autoFocus: autofocus,
  'aria-describedby': ariaDescribedByIds(id),
  onChange: (event) => onChange(event.target.checked),
  onBlur: () => onBlur(id, value),
  onFocus: () => onFocus(id, value),
});

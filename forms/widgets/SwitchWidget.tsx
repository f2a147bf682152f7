// An on/off toggle for booleans (a checkbox with role="switch").
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';

export function SwitchWidget({ id, value, onChange, onBlur, onFocus, label, disabled, readonly, autofocus }: WidgetProps) {
  return (
    <label className="sf-switch" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={value === true}
        aria-checked={value === true}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span className="sf-switch__track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}

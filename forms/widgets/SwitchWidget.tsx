// An on/off toggle for booleans (a checkbox with role="switch").
import type { WidgetProps } from '@rjsf/utils';
import { checkboxInputProps } from './checkbox-input';

export function SwitchWidget(props: WidgetProps) {
  const { id, value, label } = props;
  return (
    <label className="sf-switch" htmlFor={id}>
      <input {...checkboxInputProps(props)} role="switch" aria-checked={value === true} />
      <span className="sf-switch__track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}

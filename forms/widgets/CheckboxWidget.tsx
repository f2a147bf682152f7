// A checkbox with its label beside it; `ui:options.link` turns the end of the label into a
// link (the terms checkbox: "I agree to the [Terms of Service]").
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';

type Link = { href: string; text: string };

const isLink = (value: unknown): value is Link =>
  typeof value === 'object' && value !== null && 'href' in value && 'text' in value && typeof value.href === 'string' && typeof value.text === 'string';

export function CheckboxWidget({ id, value, onChange, onBlur, onFocus, label, options, disabled, readonly, autofocus, required }: WidgetProps) {
  const link = isLink(options.link) ? options.link : undefined;
  return (
    <label className="sf-check" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span>
        {label}
        {link && (
          <>
            {' '}
            <a href={link.href} target="_blank" rel="noreferrer">
              {link.text}
            </a>
          </>
        )}
      </span>
    </label>
  );
}

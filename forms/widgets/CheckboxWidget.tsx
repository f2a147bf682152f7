// A checkbox with its label beside it; `ui:options.link` turns the end of the label into a
// link (the terms checkbox: "I agree to the [Terms of Service]").
import type { WidgetProps } from '@rjsf/utils';
import { checkboxInputProps } from './checkbox-input';

type Link = { href: string; text: string };

const isLink = (value: unknown): value is Link =>
  typeof value === 'object' && value !== null && 'href' in value && 'text' in value && typeof value.href === 'string' && typeof value.text === 'string';

export function CheckboxWidget(props: WidgetProps) {
  const { id, label, options, required } = props;
  const link = isLink(options.link) ? options.link : undefined;
  return (
    <label className="sf-check" htmlFor={id}>
      <input {...checkboxInputProps(props)} required={required} />
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

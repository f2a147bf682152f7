// One field: label, description, control, errors, help, in the product's layout.
import type { FieldTemplateProps } from '@rjsf/utils';
import { getTemplate, getUiOptions } from '@rjsf/utils';

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, rawDescription, hidden, required, displayLabel, registry, uiSchema, rawErrors, classNames } = props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div hidden>{children}</div>;
  // Checkboxes and switches carry their own label beside the control.
  const ownLabel = ['checkbox', 'switch'].includes(String(uiOptions.widget ?? ''));
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <WrapIfAdditionalTemplate {...props} classNames={['sf-field', invalid ? 'sf-field--invalid' : '', classNames ?? ''].join(' ').trim()}>
      {displayLabel && !ownLabel && label && (
        <label className="sf-label" htmlFor={id}>
          {label}
          {required && <span className="sf-required" aria-hidden="true"> *</span>}
        </label>
      )}
      {displayLabel && rawDescription ? <div className="sf-description">{description}</div> : null}
      {children}
      {errors}
      {help}
    </WrapIfAdditionalTemplate>
  );
}

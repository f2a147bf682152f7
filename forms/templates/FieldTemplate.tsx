// One field: label, description, control, errors, help, in the product's layout.
import type { FieldTemplateProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';

// RJSF's own wrapper (it adds the key editor for additionalProperties maps); taken once, at
// load, so React sees the same component on every render.
const { WrapIfAdditionalTemplate } = getDefaultRegistry().templates;

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, rawDescription, hidden, required, displayLabel, uiSchema, rawErrors, classNames } = props;
  const uiOptions = getUiOptions(uiSchema);
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

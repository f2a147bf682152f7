// RJSF's input with the schema's maxLength as the input's own limit: a field stops at its
// longest value instead of taking more and then showing an error.
import type { WidgetProps } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';

// Taken once, at load, so React sees the same component on every render.
const { BaseInputTemplate: CoreInput } = getDefaultRegistry().templates;

export function BaseInputTemplate(props: WidgetProps) {
  const { maxLength } = props.schema;
  return <CoreInput {...props} {...(typeof maxLength === 'number' ? { maxLength } : {})} />;
}

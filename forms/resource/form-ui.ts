// The uiSchema refinements a resource form gets from its description.
import type { UiSchema } from '@rjsf/utils';

/** Edit forms show the fields fixed at creation read-only (e.g. a coupon's name and code). */
export function editUiSchema({ readOnly = [] }: { readOnly?: ReadonlyArray<string> }): UiSchema {
  return Object.fromEntries(readOnly.map((field) => [field, { 'ui:readonly': true }]));
}

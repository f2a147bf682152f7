// Permission scopes as form data: one {read, write} pair per store area (spec 000 section 3).
import type { UiSchema } from '@rjsf/utils';
import type { AppScope } from '../../../../../generated/client/types.gen';
import type { JsonSchema } from '../../../../../forms/schemas';
import { schemaOf } from '../../../../../forms/schemas';
import { AppScopeSchema } from '../../../../../generated/schemas/AppScope';

export type ScopeForm = Record<string, { read: boolean; write: boolean }>;

/** The areas, in the order of the generated AppScope enum (read_x, write_x, ...). */
export function scopeAreas(): string[] {
  const values = (schemaOf(AppScopeSchema) as { enum?: string[] }).enum ?? [];
  return [...new Set(values.map((v) => v.replace(/^(read|write)_/, '')))];
}

const title = (area: string): string => area.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

export function scopeFormSchema(areas: string[]): JsonSchema {
  const pair = { type: 'object', properties: { read: { type: 'boolean', title: 'Read' }, write: { type: 'boolean', title: 'Write' } } };
  return { type: 'object', properties: Object.fromEntries(areas.map((a) => [a, { ...pair, title: title(a) }])) };
}

/** Read and write as toggles. */
export function scopeFormUiSchema(areas: string[]): UiSchema {
  const toggle = { 'ui:widget': 'switch' };
  return Object.fromEntries(areas.map((a) => [a, { read: toggle, write: toggle }]));
}

export function toScopeForm(areas: string[], scopes: ReadonlyArray<AppScope>): ScopeForm {
  return Object.fromEntries(areas.map((a) => [a, { read: scopes.includes(`read_${a}` as AppScope), write: scopes.includes(`write_${a}` as AppScope) }]));
}

export function fromScopeForm(form: ScopeForm): AppScope[] {
  return Object.entries(form).flatMap(([area, pair]) => [
    ...(pair?.read ? [`read_${area}` as AppScope] : []),
    ...(pair?.write ? [`write_${area}` as AppScope] : []),
  ]);
}

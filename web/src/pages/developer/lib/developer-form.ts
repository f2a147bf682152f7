// Developer Info as a form: DeveloperDetailsInput's `profile` part (x-ui.forms: every property
// but the links and those set through the API), then the link list as one URL field per kind.
import type { Developer, DeveloperDetailsInput, DeveloperLink } from '../../../../../generated/client/types.gen';
import type { JsonSchema } from '../../../../../forms/schemas';
import type { FieldErrors } from '../../../../../forms/server-errors';
import { formPartSchema } from '../../../../../forms/resource/form-parts';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { editedValues } from '../../../../../forms/resource/form-values';
import { LINK_TYPES } from '../../../../../rules/developer-links';
import { schemaOf } from '../../../../../forms/schemas';
import { propertyOf } from './schema';
import { DeveloperDetailsInputSchema } from '../../../../../generated/schemas/DeveloperDetailsInput';
import { DeveloperLinkSchema } from '../../../../../generated/schemas/DeveloperLink';

export type DeveloperInfoForm = Omit<DeveloperDetailsInput, 'links'> & Partial<Record<DeveloperLink['type'], string>>;

const profileSchema = (): JsonSchema => formPartSchema({ schema: schemaOf(DeveloperDetailsInputSchema), part: 'profile' });

export function developerInfoSchema(): JsonSchema {
  const base = profileSchema() as JsonSchema & { properties: Record<string, JsonSchema> };
  const linkUrl = propertyOf(DeveloperLinkSchema, 'url');
  return { ...base, properties: { ...base.properties, ...Object.fromEntries(LINK_TYPES.map((t) => [t, linkUrl])) } };
}

/** The profile part's values as the server answered them, and each link's URL under its kind. */
export function toDeveloperForm(developer: Developer): Partial<DeveloperInfoForm> {
  return { ...formValuesOf<DeveloperInfoForm>({ schema: profileSchema(), record: developer }), ...Object.fromEntries(developer.links.map((l) => [l.type, l.url])) };
}

const isLinkKind = (key: string): key is DeveloperLink['type'] => (LINK_TYPES as ReadonlyArray<string>).includes(key);

/** What the form holds, trimmed, an emptied text sent as '', and the filled link fields as the list. */
export function fromDeveloperForm({ form, initial = {} }: { form: DeveloperInfoForm; initial?: Partial<DeveloperInfoForm> }): DeveloperDetailsInput {
  const profile = Object.fromEntries(Object.entries(editedValues({ schema: profileSchema(), initial, data: form })).filter(([key]) => !isLinkKind(key)));
  const links = LINK_TYPES.flatMap((type) => (form[type]?.trim() ? [{ type, url: form[type].trim() }] : []));
  return { ...(profile as Omit<DeveloperDetailsInput, 'links'>), links };
}

/** The server names link errors by position (links.2.url); the form names them by kind. */
export function linkErrorsByKind(fieldErrors: FieldErrors, sent: DeveloperDetailsInput): FieldErrors {
  return Object.fromEntries(Object.entries(fieldErrors).map(([path, message]) => {
    const index = /^links\.(\d+)\.url$/.exec(path)?.[1];
    const link = index === undefined ? undefined : sent.links?.[Number(index)];
    return [link ? link.type : path, message];
  }));
}

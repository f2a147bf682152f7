// Developer Info as a form: the profile's link list shown as one URL field per kind.
import type { Developer, DeveloperDetailsInput, DeveloperLink } from '../../../../../generated/client/types.gen';
import type { JsonSchema } from '../../../../../forms/schemas';
import type { FieldErrors } from '../../../../../forms/server-errors';
import { LINK_TYPES } from '../../../../../rules/developer-links';
import { schemaByName } from '../../../../../forms/schemas';
import { pickSchema, propertyOf } from './schema';

/**
 * Every property of DeveloperDetailsInput shows, so one added to the document appears with no
 * code, but these: links show as one URL field per kind; the cover image and legal links have
 * no field on this screen.
 */
const NOT_ON_SCREEN = new Set(['links', 'coverImage', 'privacyLink', 'termsLink']);

export type DeveloperInfoForm = Omit<DeveloperDetailsInput, 'links'> & Partial<Record<DeveloperLink['type'], string>>;

export function developerInfoSchema(): JsonSchema {
  const keys = Object.keys((schemaByName('DeveloperDetailsInput') as { properties?: object }).properties ?? {}).filter((k) => !NOT_ON_SCREEN.has(k));
  const base = pickSchema({ name: 'DeveloperDetailsInput', keys }) as JsonSchema & { properties: Record<string, JsonSchema> };
  const linkUrl = propertyOf('DeveloperLink', 'url');
  return { ...base, properties: { ...base.properties, ...Object.fromEntries(LINK_TYPES.map((t) => [t, linkUrl])) } };
}

/** Fields the schema does not show are dropped by the form (omitExtraData), so never sent back. */
export function toDeveloperForm(developer: Developer): DeveloperInfoForm {
  const { id: _id, userId: _userId, isActive: _isActive, links, ...profile } = developer;
  return { ...profile, ...Object.fromEntries(links.map((l) => [l.type, l.url])) };
}

export function fromDeveloperForm(form: DeveloperInfoForm): DeveloperDetailsInput {
  const { website, github, linkedin, twitter, facebook, ...profile } = form;
  const urls = { website, github, linkedin, twitter, facebook };
  const links = LINK_TYPES.flatMap((type) => (urls[type]?.trim() ? [{ type, url: urls[type].trim() }] : []));
  return { ...profile, name: profile.name?.trim() ?? '', email: profile.email?.trim() ?? '', links };
}

/** The server names link errors by position (links.2.url); the form names them by kind. */
export function linkErrorsByKind(fieldErrors: FieldErrors, sent: DeveloperDetailsInput): FieldErrors {
  return Object.fromEntries(Object.entries(fieldErrors).map(([path, message]) => {
    const index = /^links\.(\d+)\.url$/.exec(path)?.[1];
    const link = index === undefined ? undefined : sent.links?.[Number(index)];
    return [link ? link.type : path, message];
  }));
}

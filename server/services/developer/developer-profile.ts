// Developer Info: the public profile stored in the developer's `developers` document
// (created by developer signup).
import type { AppContext } from '../../context';
import type { Developer, DeveloperDetailsInput } from '../../../generated/client/types.gen';
import { NotFoundError } from '../../http/errors';
import type { FieldErrors } from '../../http/errors';
import { developers } from './model';
import type { DeveloperDoc } from './model';
import { findDeveloper } from './owned-app';
import { isEmail, throwIfAny } from './validate';
import { isHttpUrl, isImageUrl } from '../../../rules/url-patterns';
import { linkUrlError } from '../../../rules/developer-links';

const URL_FIELDS = { thumbnail: 'Logo', coverImage: 'Cover image', privacyLink: 'Privacy link', termsLink: 'Terms link' } as const;
const EMAIL_FIELDS = { email: 'Email', supportEmail: 'Support email', emergencyEmail: 'Emergency email' } as const;

/** The stored profile as a Developer; the response schema picks the declared fields. */
const toDeveloper = (doc: DeveloperDoc): Developer => ({
  ...doc,
  id: doc._id,
  // A link stored before the HttpUrl pattern that it refuses is answered empty (rules/url-patterns.ts, answerable).
  links: (doc.links ?? []).map((link) => (isHttpUrl(link.url) ? link : { ...link, url: '' })),
});

async function requireDeveloper({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<DeveloperDoc> {
  const developer = await findDeveloper({ ctx, userId });
  if (!developer) throw new NotFoundError('Developer not found');
  return developer;
}

export async function getDeveloperProfile({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<Developer> {
  return toDeveloper(await requireDeveloper({ ctx, userId }));
}

function validate(input: DeveloperDetailsInput): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.name.trim()) errors.name = 'Name is required';
  for (const [field, label] of Object.entries(EMAIL_FIELDS)) {
    const value = input[field as keyof typeof EMAIL_FIELDS]?.trim();
    if (field === 'email' && !value) errors.email = 'Email is required';
    else if (value && !isEmail(value)) errors[field] = `${label} must be a valid email`;
  }
  for (const [field, label] of Object.entries(URL_FIELDS)) {
    const value = input[field as keyof typeof URL_FIELDS]?.trim();
    if (value && !isImageUrl(value)) errors[field] = `${label} must be a valid URL`;
  }
  (input.links ?? []).forEach((link, i) => {
    const message = linkUrlError(link);
    if (message) errors[`links.${i}.url`] = message;
  });
  return errors;
}

export async function updateDeveloperProfile({
  ctx,
  userId,
  input,
}: {
  ctx: AppContext;
  userId: string;
  input: DeveloperDetailsInput;
}): Promise<Developer> {
  const developer = await requireDeveloper({ ctx, userId });
  throwIfAny(validate(input));
  const trimmed = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  );
  const links = (input.links ?? developer.links ?? []).map((l) => ({ type: l.type, url: l.url.trim() }));
  const updated = await developers(ctx).findOneAndUpdate(
    { _id: developer._id },
    { $set: { ...trimmed, email: input.email.trim().toLowerCase(), links, updated: ctx.now().toISOString() } },
  );
  return toDeveloper(updated ?? developer);
}

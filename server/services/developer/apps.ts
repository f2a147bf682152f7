// The developer's apps: list, create, read, change and delete.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { escapeRegex } from './escape-regex';
import type { App, AppCreateInput, AppSummary, AppUpdateInput } from '../../../generated/client/types.gen';
import { ForbiddenError, ValidationError } from '../../http/errors';
import type { FieldErrors } from '../../http/errors';
import { apps } from './model';
import type { AppDoc } from './model';
import { findDeveloper, findOwnedApp } from './owned-app';
import { appNameError, throwIfAny } from './validate';
import { answerable, isHttpUrl, isImageUrl } from '../../../rules/url-patterns';
import { seal, unseal } from './secrets';
import { deleteAppData } from './app-data';

export const newAppSecret = (): string => `sk_${randomBytes(32).toString('base64url')}`;

/** The stored app as an App: its secret unsealed and the install link added; the response schema picks the declared fields. */
export const toApp = (ctx: AppContext, doc: AppDoc): App => ({
  ...doc,
  endpoints: answerable({ values: doc.endpoints, accepts: isHttpUrl }),
  meta: answerable({ values: doc.meta, accepts: isImageUrl }),
  secretKey: unseal(ctx, doc.secretKey),
  connectUrl: `${ctx.config.publicUrl}/install/${doc._id}`,
});

export async function listApps({ ctx, userId, search }: { ctx: AppContext; userId: string; search?: string }): Promise<AppSummary[]> {
  const developer = await findDeveloper({ ctx, userId });
  if (!developer) return [];
  const term = search?.trim();
  const filter = term ? { developerIds: developer._id, name: { $regex: escapeRegex(term), $options: 'i' } } : { developerIds: developer._id };
  return apps(ctx).find(filter, { sort: { created: -1 } });
}

export async function createApp({ ctx, userId, input }: { ctx: AppContext; userId: string; input: AppCreateInput }): Promise<App> {
  const developer = await findDeveloper({ ctx, userId });
  if (!developer) throw new ForbiddenError('Please sign up as a developer first');
  const trimmed = input.name.trim();
  const nameError = appNameError(trimmed);
  if (nameError) throw new ValidationError(nameError, { name: nameError });
  const now = ctx.now().toISOString();
  const appId = randomUUID();
  const doc: AppDoc = {
    ...input,
    _id: appId,
    appId,
    name: trimmed,
    developerIds: [developer._id],
    apiKey: appId,
    secretKey: seal(ctx, newAppSecret()),
    scopes: [],
    endpoints: {},
    meta: {},
    status: 'draft',
    created: now,
    updated: now,
  };
  await apps(ctx).insertOne(doc);
  return toApp(ctx, doc);
}

export async function getApp({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<App> {
  return toApp(ctx, await findOwnedApp({ ctx, userId, appId }));
}

const ENDPOINT_LABELS = {
  authCallback: 'Redirect URL',
  authErrorCallback: 'Error Redirect URL',
  checkoutSuccess: 'Checkout success URL',
  checkoutFailure: 'Checkout failure URL',
} as const;

function endpointErrors(endpoints: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  if ('authCallback' in endpoints && !endpoints.authCallback) errors['endpoints.authCallback'] = 'Redirect URL is required';
  for (const [key, label] of Object.entries(ENDPOINT_LABELS)) {
    const value = endpoints[key];
    if (value && !isHttpUrl(value)) errors[`endpoints.${key}`] = `${label} must be a valid URL`;
  }
  return errors;
}

export async function updateApp({
  ctx,
  userId,
  appId,
  input,
}: {
  ctx: AppContext;
  userId: string;
  appId: string;
  input: AppUpdateInput;
}): Promise<App> {
  const app = await findOwnedApp({ ctx, userId, appId });
  // Declared fields without a rule (status, scopes...) are stored as sent; the rest are merged key by key.
  const { name, endpoints: endpointsInput, meta, ...plain } = input;
  const set: Record<string, unknown> = { ...plain, updated: ctx.now().toISOString() };
  const errors: FieldErrors = {};
  if (name !== undefined) {
    set.name = name.trim();
    const nameError = appNameError(set.name as string);
    if (nameError) errors.name = nameError;
  }
  if (endpointsInput) {
    const endpoints = Object.fromEntries(Object.entries(endpointsInput).map(([k, v]) => [k, (v ?? '').trim()]));
    Object.assign(errors, endpointErrors(endpoints));
    for (const [key, value] of Object.entries(endpoints)) set[`endpoints.${key}`] = value;
  }
  for (const [key, value] of Object.entries(meta ?? {})) {
    if (value && !isImageUrl(value)) errors[`meta.${key}`] = `${key === 'icon' ? 'Icon' : 'Thumbnail'} must be a valid URL`;
    set[`meta.${key}`] = value;
  }
  throwIfAny(errors);
  const updated = await apps(ctx).findOneAndUpdate({ _id: app._id }, { $set: set });
  return toApp(ctx, updated ?? app);
}

export async function deleteApp({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<void> {
  const app = await findOwnedApp({ ctx, userId, appId });
  await deleteAppData({ ctx, appId: app._id });
  await apps(ctx).deleteOne({ _id: app._id });
}

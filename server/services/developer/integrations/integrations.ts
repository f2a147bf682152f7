// An app's connections to integration platforms. Credentials are sealed at rest as one JSON blob.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { Integration, IntegrationInput, IntegrationKeys, IntegrationPlatform } from '../../../../generated/client/types.gen';
import { NotFoundError, ValidationError } from '../../../http/errors';
import type { FieldErrors } from '../../../http/errors';
import { integrations } from '../model';
import type { IntegrationDoc } from '../model';
import { findOwnedApp } from '../owned-app';
import { seal, unseal } from '../secrets';
import { throwIfAny } from '../validate';
import { findPlatform } from './platforms';

export const PROVIDER_NOT_FOUND = "Provider doesn't exists";

const BOOLEAN_TYPES = new Set(['boolean', 'checkbox']);

/** The Connected badge rule of spec 000 section 4. */
export function isConnected({ platform, doc, keys }: { platform?: IntegrationPlatform; doc: Pick<IntegrationDoc, 'isActive' | 'useSystemIntegration'>; keys: IntegrationKeys }): boolean {
  if (doc.useSystemIntegration && platform?.hasSystemIntegration) return true;
  if (!doc.isActive || !platform) return false;
  return platform.fields
    .filter((f) => f.type !== 'hidden' && f.required !== false)
    .every((f) => typeof keys[f.name] === 'boolean' || (typeof keys[f.name] === 'string' && (keys[f.name] as string).trim() !== ''));
}

/** The integration's credentials, opened from their sealed blob. */
export const openKeys = (ctx: AppContext, doc: Pick<IntegrationDoc, 'platformAppKeys'>): IntegrationKeys =>
  JSON.parse(unseal(ctx, doc.platformAppKeys)) as IntegrationKeys;

function toIntegration(ctx: AppContext, doc: IntegrationDoc): Integration {
  const keys = openKeys(ctx, doc);
  return { ...doc, platformAppKeys: keys, connected: isConnected({ platform: findPlatform(doc.platform), doc, keys }) };
}

export async function listIntegrations({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<Integration[]> {
  const app = await findOwnedApp({ ctx, userId, appId });
  const docs = await integrations(ctx).find({ appId: app._id }, { sort: { created: 1 } });
  return docs.map((doc) => toIntegration(ctx, doc));
}

function keyErrors(platform: IntegrationPlatform, keys: IntegrationKeys): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(keys)) {
    const field = platform.fields.find((f) => f.name === name);
    if (!field) errors[`platformAppKeys.${name}`] = `${platform.displayName} has no credential named ${name}`;
    else if (BOOLEAN_TYPES.has(field.type) !== (typeof value === 'boolean')) {
      errors[`platformAppKeys.${name}`] = `${field.label} must be ${BOOLEAN_TYPES.has(field.type) ? 'true or false' : 'text'}`;
    }
  }
  return errors;
}

export async function saveIntegration({
  ctx,
  userId,
  appId,
  platformName,
  input,
}: {
  ctx: AppContext;
  userId: string;
  appId: string;
  platformName: string;
  input: IntegrationInput;
}): Promise<{ integration: Integration; created: boolean }> {
  const app = await findOwnedApp({ ctx, userId, appId });
  const platform = findPlatform(platformName);
  if (!platform) throw new NotFoundError(PROVIDER_NOT_FOUND);
  if (input.useSystemIntegration && !platform.hasSystemIntegration) {
    throw new ValidationError(`${platform.displayName} has no system integration`, { useSystemIntegration: 'Not offered by this platform' });
  }
  const { platformAppKeys, ...plain } = input;
  const keys = platformAppKeys
    ? Object.fromEntries(Object.entries(platformAppKeys).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]))
    : undefined;
  if (keys) throwIfAny(keyErrors(platform, keys));
  const now = ctx.now().toISOString();
  const existing = await integrations(ctx).findOne({ appId: app._id, platform: platform.name });
  // Declared fields without a rule are stored as sent, over what was stored; credentials are sealed.
  const doc: IntegrationDoc = {
    isActive: false,
    useSystemIntegration: false,
    ...existing,
    ...plain,
    _id: existing?._id ?? randomUUID(),
    appId: app._id,
    platform: platform.name,
    platformAppKeys: keys ? seal(ctx, JSON.stringify(keys)) : (existing?.platformAppKeys ?? seal(ctx, '{}')),
    created: existing?.created ?? now,
    updated: now,
  };
  if (existing) {
    const { _id, ...fields } = doc;
    await integrations(ctx).updateOne({ _id }, { $set: fields });
  } else {
    await integrations(ctx).insertOne(doc);
  }
  return { integration: toIntegration(ctx, doc), created: !existing };
}

// A webhook's signing secrets, sealed at rest. Rotation keeps the previous secret signing
// for 24 hours so receivers can switch without dropping messages.
import type { AppContext } from '../../context';
import { open as openWith, seal } from '../crypto/keyring';
import type { WebhookSecret } from '../../../generated/client/types.gen';
import { collections } from './model';
import type { WebhookDoc } from './model';
import { newSigningSecret } from './sign';

export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export const sealNewSecret = (ctx: AppContext): string =>
  seal({ keys: ctx.config, plaintext: newSigningSecret() });

/**
 * Opened secrets by sealed value: a sealed value never changes meaning (rotation stores a
 * new one), so this cache cannot go stale; it saves a key derivation per delivery.
 */
const opened = new Map<string, string>();
const OPENED_CACHE_SIZE = 1000;

function open(ctx: AppContext, sealed: string): string {
  const key = [ctx.config.encryptionKey, ...ctx.config.previousEncryptionKeys, sealed].join('\u0000');
  let plain = opened.get(key);
  if (plain === undefined) {
    try {
      plain = openWith({ keys: ctx.config, sealed });
    } catch {
      // Says what is wrong in the message log's words.
      throw new Error('the signing secret could not be opened with the configured encryption keys');
    }
    if (opened.size >= OPENED_CACHE_SIZE) opened.delete(opened.keys().next().value as string);
    opened.set(key, plain);
  }
  return plain;
}

const previousStillSigns = (ctx: AppContext, webhook: WebhookDoc): boolean =>
  Boolean(webhook.previousSecret && webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > ctx.now().toISOString());

/** Every secret that signs right now: the current one, plus the previous one during rotation. */
export function signingSecrets({ ctx, webhook }: { ctx: AppContext; webhook: WebhookDoc }): string[] {
  const current = open(ctx, webhook.secret);
  return previousStillSigns(ctx, webhook) ? [current, open(ctx, webhook.previousSecret as string)] : [current];
}

export function revealSecret({ ctx, webhook }: { ctx: AppContext; webhook: WebhookDoc }): WebhookSecret {
  const secret = open(ctx, webhook.secret);
  if (!previousStillSigns(ctx, webhook)) return { secret };
  return {
    secret,
    previousSecret: open(ctx, webhook.previousSecret as string),
    previousSecretExpiresAt: webhook.previousSecretExpiresAt,
  };
}

export async function rotateSecret({ ctx, webhook }: { ctx: AppContext; webhook: WebhookDoc }): Promise<WebhookSecret> {
  const now = ctx.now();
  const updated = await collections(ctx.store).webhooks.findOneAndUpdate(
    { _id: webhook._id, secret: webhook.secret },
    {
      $set: {
        secret: sealNewSecret(ctx),
        previousSecret: webhook.secret,
        previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
        updated: now.toISOString(),
      },
    },
  );
  // A concurrent rotation won the race: show what is stored now.
  return revealSecret({ ctx, webhook: updated ?? ((await collections(ctx.store).webhooks.findOne({ _id: webhook._id })) as WebhookDoc) });
}

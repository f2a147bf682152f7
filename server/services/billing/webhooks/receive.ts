// POST /api/billing/webhooks/{provider}: the raw body verified by the adapter, then applied.
import type { Readable } from 'node:stream';
import type { AppContext } from '../../../context';
import { AppError, NotFoundError, ValidationError } from '../../../http/errors';
import { billingProviderFor } from '../providers/registry';
import { BillingProviderError } from '../providers/port';
import type { BillingProvider, ProviderEvent } from '../providers/port';
import { applyProviderEvent } from './apply';

/** Providers' notifications are a few kB; Stripe documents no event near this. */
export const WEBHOOK_MAX_BYTES = 1024 * 1024;
export const INVALID_SIGNATURE = 'Invalid webhook signature';
export const PROVIDER_NOT_CONFIGURED = 'Billing provider not configured';

async function readRaw(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > WEBHOOK_MAX_BYTES) throw new AppError(413, 'Webhook body is too large');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

function providerOf({ ctx, adapter }: { ctx: AppContext; adapter: string }): BillingProvider {
  try {
    return billingProviderFor({ ctx, adapter });
  } catch (err) {
    if (err instanceof BillingProviderError) throw new NotFoundError(PROVIDER_NOT_CONFIGURED);
    throw err;
  }
}

export async function receiveWebhook({
  ctx,
  adapter,
  body,
  headers,
}: {
  ctx: AppContext;
  adapter: string;
  body: Readable;
  headers: Record<string, string | undefined>;
}): Promise<{ event: ProviderEvent; applied: boolean }> {
  const provider = providerOf({ ctx, adapter });
  const rawBody = await readRaw(body);
  const event = await provider.verifyWebhook({ rawBody, headers });
  if (!event) throw new ValidationError(INVALID_SIGNATURE);
  return { event, applied: await applyProviderEvent({ ctx, adapter, event }) };
}

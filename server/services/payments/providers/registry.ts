// Chooses the adapter for an integration's platform and opens the app's credentials for it.
import type { AppContext } from '../../../context';
import type { Config } from '../../../config';
import { BadGatewayError, NotFoundError } from '../../../http/errors';
import { integrations } from '../../developer/model';
import { PROVIDER_NOT_FOUND, isConnected, openKeys } from '../../developer/integrations/integrations';
import { findPlatform } from '../../developer/integrations/platforms';
import { planIdProvider } from './plan-ids';
import { ProviderError, providerProblem } from './port';
import { paddleProvider } from './paddle';
import { stripeProvider } from './stripe';
import type { PaymentProvider, ProviderCredentials } from './port';

/** The adapter for each platform; tests put a fake in an entry (jest.replaceProperty) to stand for a provider. */
export const ADAPTERS: Record<string, (config: Config) => PaymentProvider> = {
  stripe: (config) => stripeProvider({ apiBase: config.payments.stripeApiBase }),
  paddle: (config) => paddleProvider({ apiBase: config.payments.paddleApiBase }),
  duda: () => planIdProvider({ platform: 'duda', displayName: 'Duda' }),
  wix: () => planIdProvider({ platform: 'wix', displayName: 'Wix' }),
};

/** The platforms that have a payment adapter. */
export const PAYMENT_PLATFORMS = Object.keys(ADAPTERS);

export interface OpenedProvider {
  provider: PaymentProvider;
  credentials: ProviderCredentials;
  /** The platform's name as shown to people, for providerProblem. */
  displayName: string;
}

/**
 * The app's provider for `platform`: throws 404 "Provider doesn't exists" when no adapter serves
 * that platform, answers null when the app has no active, connected integration of it.
 */
export async function openProvider({ ctx, appId, platform }: { ctx: AppContext; appId: string; platform: string }): Promise<OpenedProvider | null> {
  const adapter = Object.hasOwn(ADAPTERS, platform) ? ADAPTERS[platform] : undefined;
  const catalogEntry = findPlatform(platform);
  if (!adapter || !catalogEntry) throw new NotFoundError(PROVIDER_NOT_FOUND);
  const doc = await integrations(ctx).findOne({ appId, platform });
  if (!doc?.isActive) return null;
  const keys = openKeys(ctx, doc);
  if (!isConnected({ platform: catalogEntry, doc, keys })) return null;
  return { provider: adapter(ctx.config), credentials: keys, displayName: catalogEntry.displayName };
}

/** Runs a provider call; a refusal by the provider becomes 502 with the spec's message. */
export async function callProvider<T>({ displayName, run }: { displayName: string; run: () => Promise<T> }): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ProviderError) throw new BadGatewayError(providerProblem(displayName));
    throw err;
  }
}

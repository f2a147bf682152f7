// How a subscription is cancelled, by its source (spec 002 section 4): Paddle through the plan
// family's cancel call, PayPal version 2 and above and Bluesnap (card) after 'Are you sure...'
// through their own cancel calls, PayPal version 1 and below on PayPal's own site.
import { cancelCardSubscription, cancelPaypalSubscription, cancelSubscriptionByType } from '../../../../generated/client/sdk.gen';
import { callApi } from '../../../../forms/call-api';

export const PAYPAL_MANAGE_URL = 'https://www.paypal.com/myaccount/autopay/';

export interface Cancellable {
  subscriptionId: string;
  source: string;
  version?: number;
  family?: string;
}

export type CancelWay = { kind: 'call'; run: () => Promise<{ message: string }> } | { kind: 'external'; url: string };

export function cancelWay(subscription: Cancellable): CancelWay {
  const { subscriptionId, source, version = 2, family = '' } = subscription;
  const path = { subscriptionId };
  if (source === 'paypal' && version <= 1) return { kind: 'external', url: PAYPAL_MANAGE_URL };
  if (source === 'paypal') return { kind: 'call', run: () => callApi(cancelPaypalSubscription({ path })) };
  if (source === 'bluesnap') return { kind: 'call', run: () => callApi(cancelCardSubscription({ path })) };
  return { kind: 'call', run: () => callApi(cancelSubscriptionByType({ path: { type: family }, body: { subscriptionId } })) };
}

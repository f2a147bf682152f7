// The sandbox's 3-D Secure page (/hosted/3ds/{transactionId}): Complete or Fail records the
// buyer's answer, then tells the checkout (rules/billing-hosted-fields.ts), which confirms. The
// same script on /hosted/3ds/return (back from Stripe's own step) tells the checkout at once.
import { THREE_D_SECURE_MESSAGE } from '../../rules/billing-hosted-fields';
import type { ThreeDSecureEvent } from '../../rules/billing-hosted-fields';
import { fieldOf, post } from './frame';

const challenge = fieldOf('challenge');
const transactionId = challenge.dataset.transactionId ?? '';

async function answer(authenticated: boolean): Promise<void> {
  for (const id of ['complete', 'fail']) (fieldOf(id) as HTMLButtonElement).disabled = true;
  const response = await fetch(`/api/bluesnap/threeDSecure/${encodeURIComponent(transactionId)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ authenticated }),
  }).catch(() => null);
  fieldOf('status').textContent = response?.ok ? (authenticated ? 'Authenticated.' : 'Authentication failed.') : 'This step is no longer waiting.';
  const message: ThreeDSecureEvent = { type: THREE_D_SECURE_MESSAGE, event: authenticated && response?.ok ? 'done' : 'failed', transactionId };
  post(message);
}

if (challenge.dataset.returned) {
  post({ type: THREE_D_SECURE_MESSAGE, event: 'done', transactionId } satisfies ThreeDSecureEvent);
} else {
  fieldOf('complete').addEventListener('click', () => void answer(true));
  fieldOf('fail').addEventListener('click', () => void answer(false));
}

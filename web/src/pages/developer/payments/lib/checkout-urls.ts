// Checkout URLs (spec 001 section 5): optional, but when given they must be http(s) URLs,
// with the words the server answers.
import type { FormValidation } from '@rjsf/utils';
import type { AppEndpoints } from '../../../../../../generated/client/types.gen';
import { isHttpUrl } from '../../../../../../rules/url-patterns';

export type CheckoutUrls = Pick<AppEndpoints, 'checkoutSuccess' | 'checkoutFailure'>;

const LABELS = { checkoutSuccess: 'Checkout success URL', checkoutFailure: 'Checkout failure URL' } as const;

export function checkoutUrlError({ key, value }: { key: keyof CheckoutUrls; value: string | undefined }): string | undefined {
  const trimmed = (value ?? '').trim();
  return trimmed && !isHttpUrl(trimmed) ? `${LABELS[key]} must be a valid URL` : undefined;
}

export function checkCheckoutUrls(data: CheckoutUrls | undefined, errors: FormValidation<CheckoutUrls>): FormValidation<CheckoutUrls> {
  for (const key of Object.keys(LABELS) as Array<keyof CheckoutUrls>) {
    const message = checkoutUrlError({ key, value: data?.[key] });
    if (message) errors[key]?.addError(message);
  }
  return errors;
}

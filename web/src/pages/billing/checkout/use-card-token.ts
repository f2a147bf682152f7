// The card token the hosted card fields fill (GET /api/bluesnap/getToken): one per purchase
// attempt, so a failed attempt asks for a fresh one. On failure the provider's text
// (data[0].msg) is shown.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getCardTokenOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { BILLING_TOASTS } from '../../../../../rules/billing-messages';
import { billingError } from '../billing-toast';

const providerText = (error: unknown): string | undefined => {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  const first: unknown = Array.isArray(data) ? data[0] : undefined;
  return typeof first === 'object' && first !== null && 'msg' in first && typeof first.msg === 'string' ? first.msg : undefined;
};

export function useCardToken() {
  const { data, error, refetch } = useQuery({ ...getCardTokenOptions(), gcTime: 0, staleTime: Infinity });
  useEffect(() => {
    if (error) billingError({ thrown: { message: providerText(error) }, fallback: BILLING_TOASTS.checkoutLoadFailed });
  }, [error]);
  return {
    token: data?.data.token,
    fieldsUrl: data?.data.fieldsUrl,
    renew: () => void refetch(),
  };
}

// The brand label is a server setting (BRAND, default "Nindo"), read once from /api/health.
import { useQuery } from '@tanstack/react-query';
import { getHealthOptions } from '../../../generated/client/@tanstack/react-query.gen';

export const DEFAULT_BRAND = 'Nindo';

export function useBrand(): string {
  const { data } = useQuery({ ...getHealthOptions(), staleTime: Infinity });
  return data?.data.brand ?? DEFAULT_BRAND;
}

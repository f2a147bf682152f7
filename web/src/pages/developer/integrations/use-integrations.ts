import { useQuery } from '@tanstack/react-query';
import { listAppIntegrationsOptions, listIntegrationPlatformsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';

/** The platform catalog (endpoint URLs carrying this app's id) and the app's saved integrations. */
export function useIntegrations(appId: string) {
  const platforms = useQuery(listIntegrationPlatformsOptions({ query: { appId } }));
  const integrations = useQuery(listAppIntegrationsOptions({ path: { appId } }));
  const byPlatform = new Map((integrations.data?.data ?? []).map((i) => [i.platform, i]));
  return { platforms, integrations, byPlatform };
}

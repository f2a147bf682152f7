import type {
  ListAppIntegrationsData,
  ListAppIntegrationsResponse,
  ListIntegrationPlatformsData,
  ListIntegrationPlatformsResponse,
  SaveAppIntegrationData,
  SaveAppIntegrationResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { findOwnedApp } from '../../services/developer/owned-app';
import { platformsFor } from '../../services/developer/integrations/platforms';
import { listIntegrations, saveIntegration } from '../../services/developer/integrations/integrations';

export const listIntegrationPlatforms = handler<ListIntegrationPlatformsData, ListIntegrationPlatformsResponse>(async ({ ctx, req, query }) => {
  const userId = requireUserId(req);
  const app = query?.appId ? await findOwnedApp({ ctx, userId, appId: query.appId }) : undefined;
  return { data: platformsFor({ ctx, appId: app?._id }) };
});

export const listAppIntegrations = handler<ListAppIntegrationsData, ListAppIntegrationsResponse>(async ({ ctx, req, path }) => ({
  data: await listIntegrations({ ctx, userId: requireUserId(req), appId: path.appId }),
}));

export const saveAppIntegration = handler<SaveAppIntegrationData, SaveAppIntegrationResponse>(async ({ ctx, req, path, body }) => {
  const { integration, created } = await saveIntegration({ ctx, userId: requireUserId(req), appId: path.appId, platformName: path.platform, input: body });
  return { data: integration, message: created ? 'Integration created' : 'Integration updated' };
});

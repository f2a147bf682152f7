import type {
  ConnectPlanData,
  ConnectPlanResponse,
  DisconnectPlanData,
  DisconnectPlanResponse,
  ListPaymentConnectionsData,
  ListPaymentConnectionsResponse,
  ListPlanConnectionsData,
  ListPlanConnectionsResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as connections from '../../services/payments/connections';

export const listPaymentConnections = handler<ListPaymentConnectionsData, ListPaymentConnectionsResponse>(async ({ ctx, req, path, query }) => ({
  data: await connections.listPaymentConnections({ ctx, userId: requireUserId(req), appId: path.appId, platform: query?.platform }),
}));

export const listPlanConnections = handler<ListPlanConnectionsData, ListPlanConnectionsResponse>(async ({ ctx, req, path }) => ({
  data: await connections.listPlanConnections({ ctx, userId: requireUserId(req), appId: path.appId, planId: path.planId }),
}));

export const connectPlan = handler<ConnectPlanData, ConnectPlanResponse>(async ({ ctx, req, path, body }) => ({
  data: await connections.connectPlan({ ctx, userId: requireUserId(req), appId: path.appId, planId: path.planId, ...body }),
  message: 'Provider connected successfully',
}));

export const disconnectPlan = handler<DisconnectPlanData, DisconnectPlanResponse>(async ({ ctx, req, path, body }) => ({
  data: await connections.disconnectPlan({ ctx, userId: requireUserId(req), appId: path.appId, planId: path.planId, platform: body.platform }),
  message: 'Provider disconnected successfully',
}));

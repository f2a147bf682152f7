import type {
  CreateWidgetData,
  CreateWidgetResponse,
  DeleteWidgetData,
  DeleteWidgetResponse,
  DuplicateWidgetData,
  DuplicateWidgetResponse,
  GetWidgetData,
  GetWidgetResponse,
  ListProjectWidgetsData,
  ListProjectWidgetsResponse,
  ListSharedWidgetsData,
  ListSharedWidgetsResponse,
  UpdateWidgetData,
  UpdateWidgetResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { listProjectWidgets as projectWidgets, listSharedWidgets as sharedWidgets } from '../../services/workspace/widgets/lists';
import type { WidgetListQuery } from '../../services/workspace/widgets/lists';
import { toWidget } from '../../services/workspace/widgets/rows';
import * as widgets from '../../services/workspace/widgets/widgets';

const WIDGET_PAGE_SIZE = 10;

const listQuery = (query: ListProjectWidgetsData['query']): WidgetListQuery => ({
  page: query?.page ?? 1,
  limit: query?.limit ?? WIDGET_PAGE_SIZE,
  search: query?.search,
  type: query?.type,
});

export const listProjectWidgets = handler<ListProjectWidgetsData, ListProjectWidgetsResponse>(async ({ ctx, req, path, query }) => ({
  data: await projectWidgets({ ctx, userId: requireUserId(req), projectId: path.projectId, query: listQuery(query) }),
}));

export const listSharedWidgets = handler<ListSharedWidgetsData, ListSharedWidgetsResponse>(async ({ ctx, req, query }) => ({
  data: await sharedWidgets({ ctx, userId: requireUserId(req), query: listQuery(query) }),
}));

export const createWidget = handler<CreateWidgetData, CreateWidgetResponse>(async ({ ctx, req, body }) => ({
  data: toWidget(await widgets.createWidget({ ctx, userId: requireUserId(req), input: body })),
  message: 'Widget created',
  status: 201,
}));

export const getWidget = handler<GetWidgetData, GetWidgetResponse>(async ({ ctx, req, path }) => ({
  data: await widgets.getWidget({ ctx, userId: requireUserId(req), guid: path.guid }).then(({ widget, role }) => ({ ...toWidget(widget), role })),
}));

export const updateWidget = handler<UpdateWidgetData, UpdateWidgetResponse>(async ({ ctx, req, path, body }) => ({
  data: toWidget(await widgets.updateWidget({ ctx, userId: requireUserId(req), guid: path.guid, input: body })),
  message: 'Widget saved',
}));

export const duplicateWidget = handler<DuplicateWidgetData, DuplicateWidgetResponse>(async ({ ctx, req, path }) => ({
  data: toWidget(await widgets.duplicateWidget({ ctx, userId: requireUserId(req), guid: path.guid })),
  message: 'Widget duplicated',
  status: 201,
}));

export const deleteWidget = handler<DeleteWidgetData, DeleteWidgetResponse>(async ({ ctx, req, path }) => {
  await widgets.deleteWidget({ ctx, userId: requireUserId(req), guid: path.guid });
  return { data: null, message: 'Widget deleted' };
});

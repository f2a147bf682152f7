// The widget lists as resources (docs/resource-screens.md): a project's widgets (or the
// uncategorized ones) and the widgets shared with the user. Both take the spec's `search` and
// `type` arguments; the type chosen in the toolbar is part of the query key.
import { deleteWidgetPermission, listProjectWidgets, listSharedWidgets, listWidgetPermissions } from '../../../../../generated/client/sdk.gen';
import { listProjectWidgetsQueryKey, listSharedWidgetsQueryKey, listWidgetPermissionsQueryKey } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { WidgetPermission, WidgetRow } from '../../../../../generated/client/types.gen';
import { defineResource } from '../../../../../forms/resource/description';
import type { RowAction } from '../../../../../forms/resource/description';
import { collaboratorListParams } from '../collaborator-list';
import { WIDGET_TEXTS } from './texts';
import { WidgetPermissionSchema } from '../../../../../generated/schemas/WidgetPermission';
import { WidgetRowSchema } from '../../../../../generated/schemas/WidgetRow';

/** Widgets a page (spec 003 section 9). */
export const WIDGET_PAGE_SIZE = 10;

// The columns are WidgetRow's, in the order its x-ui gives (Photo, Name, App, Last updated, Monthly
// pageviews, and Refused events: events from pages outside the project's domain, issue 19).
const shared = {
  schema: WidgetRowSchema,
  idField: 'guid',
  rowName: (row: WidgetRow) => row.name,
  pageSize: WIDGET_PAGE_SIZE,
  search: { field: 'name' },
} as const;

/** A form widget's submissions (contact form, email capture), shown on those rows only. */
export const SUBMISSIONS_ACTION: RowAction = { id: 'submissions', label: 'Submissions' };

/** Row buttons; the menu holds Collaborators, Duplicate, Move to, Rename, Analytics, Live Preview, Delete. */
export const WIDGET_ROW_ACTIONS: RowAction[] = [
  { id: 'open', label: 'Edit' },
  { id: 'code', label: 'Add to site' },
  SUBMISSIONS_ACTION,
  { id: 'menu', label: 'More' },
];

const searchOf = (search: string) => (search.trim() ? { search: search.trim() } : {});

export const projectWidgets = ({ type }: { type: string }) =>
  defineResource({
    ...shared,
    list: {
      operationId: 'listProjectWidgets',
      call: listProjectWidgets,
      queryKey: ({ path }) => listProjectWidgetsQueryKey({ path, query: { type } }),
      params: ({ page, limit, search }) => ({ page, limit, type: type || undefined, ...searchOf(search) }),
    },
    rowActions: WIDGET_ROW_ACTIONS,
    texts: { title: 'Widgets', subtitle: { one: '{n} Widget', other: '{n} Widgets' }, loadFailed: WIDGET_TEXTS.loadFailed, failure: WIDGET_TEXTS.failure },
  });

export const sharedWidgets = ({ type }: { type: string }) =>
  defineResource({
    ...shared,
    list: {
      operationId: 'listSharedWidgets',
      call: listSharedWidgets,
      queryKey: () => listSharedWidgetsQueryKey({ query: { type } }),
      params: ({ page, limit, search }) => ({ page, limit, type: type || undefined, ...searchOf(search) }),
    },
    // No menu for a collaborator: Analytics (analysts and editors) is a row button of its own.
    rowActions: [{ id: 'open', label: 'Edit' }, { id: 'code', label: 'Add to site' }, { id: 'analytics', label: 'Analytics' }, SUBMISSIONS_ACTION],
    texts: { title: 'Shared Widgets', subtitle: { one: '{n} Widget shared with you', other: '{n} Widgets shared with you' }, loadFailed: WIDGET_TEXTS.loadFailed, failure: WIDGET_TEXTS.failure },
  });

/**
 * A widget's collaborators (modal state `permissions`), searched and sorted on the server, pending
 * ones mailed again with Resend invite, removed with DELETE .../permission/{permissionId}.
 */
export const widgetCollaborators = defineResource({
  schema: WidgetPermissionSchema,
  idField: 'permissionId',
  idParam: 'permissionId',
  list: {
    operationId: 'listWidgetPermissions',
    call: listWidgetPermissions,
    queryKey: listWidgetPermissionsQueryKey,
    params: collaboratorListParams(),
    sortable: true,
  },
  search: { field: 'email' },
  rowActions: [
    { id: 'resend', label: 'Resend invite' },
    { id: 'delete', label: 'Delete', danger: true },
  ],
  delete: { operationId: 'deleteWidgetPermission', call: deleteWidgetPermission },
  alsoRefreshes: ['listProjectWidgets'],
  rowName: (row: WidgetPermission) => row.userDetails.email,
  pageSize: 5,
  texts: {
    title: 'Collaborators',
    empty: 'No collaborators yet',
    deleteTitle: 'Remove collaborator',
    deleteText: 'Remove this collaborator? They lose access to the widget.',
    failure: WIDGET_TEXTS.deleteInviteFailed,
  },
});

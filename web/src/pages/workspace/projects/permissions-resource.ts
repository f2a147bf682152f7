// The Permissions page's table as a resource description (spec 003 "Project permissions page"):
// the columns are ProjectPermission's (Email, Permission, Status: "pending approval" while the
// invitation waits, x-ui in the document), with Update Permission,
// Resend invite (pending rows) and Delete per row, searched (email or name) and sorted on the
// server. Add User and Update Permission are the page's own popups (the invitation mail follows
// Add User; an unchanged role sends nothing).
import { deleteProjectPermission, listProjectPermissions } from '../../../../../generated/client/sdk.gen';
import { listProjectPermissionsQueryKey } from '../../../../../generated/client/@tanstack/react-query.gen';
import { defineResource } from '../../../../../forms/resource/description';
import { collaboratorListParams } from '../collaborator-list';
import { PROJECT_TEXTS } from './plan-limit';
import { ProjectPermissionSchema } from '../../../../../generated/schemas/ProjectPermission';

export const PERMISSION_OPERATIONS = ['listProjectPermissions', 'getProject', 'listProjects'];

export const projectPermissions = defineResource({
  schema: ProjectPermissionSchema,
  idField: 'permissionId',
  idParam: 'permissionId',
  list: {
    operationId: 'listProjectPermissions',
    call: listProjectPermissions,
    queryKey: listProjectPermissionsQueryKey,
    params: collaboratorListParams(),
    sortable: true,
  },
  search: { field: 'email' },
  delete: { operationId: 'deleteProjectPermission', call: deleteProjectPermission },
  alsoRefreshes: ['getProject', 'listProjects'],
  rowName: (row) => row.email ?? row.userDetails.email,
  rowActions: [
    { id: 'update', label: 'Update Permission' },
    { id: 'resend', label: 'Resend invite' },
    { id: 'delete', label: 'Delete', danger: true },
  ],
  pageSize: 10,
  texts: {
    title: 'Permissions',
    subtitle: { one: 'Users: {n}', other: 'Users: {n}' },
    empty: 'No one else has access yet',
    deleteTitle: 'Remove user',
    deleteText: 'Remove {email} from the project?',
    deleted: '{email} removed',
    failure: PROJECT_TEXTS.failure,
  },
});

// Roles of the widget platform's workspace (spec 003 section 6), shared by the server, which
// enforces them, and the screens, which hide what a role cannot do.

export type ProjectRole = 'owner' | 'admin' | 'editor' | 'viewer';
export type WidgetCollaboratorRole = 'viewer' | 'analyst' | 'editor';

/** Numeric ranks of section 6: an action is allowed when the rank is at least the required one. */
export const PROJECT_ROLE_RANK: Record<ProjectRole, number> = { owner: 10, admin: 7, editor: 5, viewer: 3 };

/** Roles an owner can give a project user (the owner role is never given). */
export const ASSIGNABLE_PROJECT_ROLES = ['viewer', 'editor', 'admin'] as const;
export const WIDGET_COLLABORATOR_ROLES: readonly WidgetCollaboratorRole[] = ['viewer', 'analyst', 'editor'];
export const DEFAULT_WIDGET_COLLABORATOR_ROLE: WidgetCollaboratorRole = 'viewer';

/**
 * The minimum project role of each workspace action (section 6 table). Reading a project and its
 * widgets needs any role; the rest follow the table.
 */
export const MINIMUM_ROLE = {
  viewProject: 'viewer',
  editWidget: 'editor',
  duplicateWidget: 'editor',
  renameWidget: 'admin',
  deleteWidget: 'admin',
  createWidget: 'admin',
  manageWidgetCollaborators: 'admin',
  moveWidget: 'owner',
  addProjectUser: 'owner',
  deleteProject: 'owner',
  editProjectSettings: 'admin',
  viewProjectPermissions: 'admin',
  manageMedia: 'editor',
  /** A form widget's submissions (list, export, delete): visitors' personal data, so not for viewers. */
  manageSubmissions: 'editor',
} as const satisfies Record<string, ProjectRole>;

export type WorkspaceAction = keyof typeof MINIMUM_ROLE;

export function canDo({ role, action }: { role: ProjectRole | null | undefined; action: WorkspaceAction }): boolean {
  return role != null && PROJECT_ROLE_RANK[role] >= PROJECT_ROLE_RANK[MINIMUM_ROLE[action]];
}

/** The id of the pseudo project that holds a user's widgets outside any project. */
export const UNCATEGORIZED = 'uncategorized';

export const WORKSPACE_MESSAGES = {
  cannotCreateWidget: "Sorry, you can't create a new widget, please contact the project owner.",
  notPermitted: 'Sorry, you are not permitted here please contact project owner.',
  notAuthorized: 'Not authorized',
  emailRequired: 'Email required',
  permissionRequired: 'Permission type required',
  widgetNotFound: 'Widget not found',
  projectNotFound: 'Project not found',
  pluginTypeNotFound: 'Plugin type not found',
  moveNeedsProject: 'Please choose a project to move the widget to',
} as const;

/** The rank a widget role acts with: an analyst reads like a viewer (it also sees analytics). */
export const widgetRoleRank = (role: ProjectRole | WidgetCollaboratorRole): ProjectRole =>
  role === 'analyst' ? 'viewer' : role;

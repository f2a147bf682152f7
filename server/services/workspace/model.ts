// Documents of the widget platform's workspace (spec 003 sections 3 and 6) and typed accessors
// to their collections. Widgets are "components" in the spec's calls.
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';
import type { ProjectRole, WidgetCollaboratorRole } from '../../../rules/workspace-roles';

export interface ProjectDoc {
  _id: string;
  ownerId: string;
  name: string;
  thumbnail?: string;
  domains: string[];
  created: string;
  updated: string;
  [key: string]: unknown;
}

/** A widget; projectId null keeps it in its owner's "uncategorized" pseudo project. */
export interface WidgetDoc {
  _id: string;
  ownerId: string;
  projectId: string | null;
  name: string;
  /** The catalog app's componentType ("Plugin type not found" when unknown). */
  type: string;
  previewImage?: string;
  /** The type's settings (the widget editor's form; issue 10 gives them their schemas). */
  settings: Record<string, unknown>;
  /** Views of the month `viewsMonth` names, kept by the analytics ingestion (rules/month-views.ts). */
  views: number;
  /** The UTC month (YYYY-MM) `views` counts. */
  viewsMonth?: string;
  /** Events refused from pages outside the project's domain, raised by the analytics fold (issue 19). */
  refusedEvents?: number;
  created: string;
  updated: string;
  [key: string]: unknown;
}

/** pending until the invited account approves the emailed link, then active. */
export type PermissionStatus = 'pending' | 'active';

interface InvitedPermission {
  _id: string;
  role: string;
  status: PermissionStatus;
  /** The invited address, lower-cased; the account once approved. */
  email: string;
  userId?: string;
  name?: string;
  /** sha256 of the emailed token; unset once used. */
  tokenHash?: string;
  tokenExpires?: string;
  /** When the link was last mailed: resends wait RESEND_INTERVAL_MS (invitation-tokens.ts). */
  mailedAt?: string;
  invitedBy: string;
  created: string;
  updated: string;
  [key: string]: unknown;
}

export interface ProjectPermissionDoc extends InvitedPermission {
  projectId: string;
  role: Exclude<ProjectRole, 'owner'>;
}

export interface WidgetPermissionDoc extends InvitedPermission {
  widgetId: string;
  role: WidgetCollaboratorRole;
}

export type AssetType = 'image' | 'pdf' | 'video' | 'csv' | 'audio' | 'other';

export interface AssetDoc {
  _id: string;
  ownerId: string;
  projectId: string | null;
  name: string;
  assetType: AssetType;
  mimeType: string;
  size: number;
  /** Whose storage counter the bytes count on: the project's owner (their plan), or the uploader. */
  bytesOwnerId: string;
  /** Blob-store keys of the file and of its thumbnail (images). */
  blobKey: string;
  thumbnailKey?: string;
  created: string;
  updated: string;
  [key: string]: unknown;
}

export const projects = (ctx: AppContext): Collection<ProjectDoc> => ctx.store.collection<ProjectDoc>('projects');
export const widgets = (ctx: AppContext): Collection<WidgetDoc> => ctx.store.collection<WidgetDoc>('widgets');
export const projectPermissions = (ctx: AppContext): Collection<ProjectPermissionDoc> =>
  ctx.store.collection<ProjectPermissionDoc>('projectPermissions');
export const widgetPermissions = (ctx: AppContext): Collection<WidgetPermissionDoc> =>
  ctx.store.collection<WidgetPermissionDoc>('widgetPermissions');
export const assets = (ctx: AppContext): Collection<AssetDoc> => ctx.store.collection<AssetDoc>('assets');

export const workspaceIndexes: IndexSpec[] = [
  { collection: 'projects', fields: { ownerId: 1, name: 1 } },
  { collection: 'widgets', fields: { projectId: 1, updated: -1 } },
  { collection: 'widgets', fields: { ownerId: 1, projectId: 1, updated: -1 } },
  { collection: 'projectPermissions', fields: { projectId: 1, email: 1 }, unique: true },
  { collection: 'projectPermissions', fields: { userId: 1, status: 1 } },
  { collection: 'projectPermissions', fields: { tokenHash: 1 } },
  { collection: 'widgetPermissions', fields: { widgetId: 1, email: 1 }, unique: true },
  { collection: 'widgetPermissions', fields: { userId: 1, status: 1 } },
  { collection: 'widgetPermissions', fields: { tokenHash: 1 } },
  { collection: 'assets', fields: { ownerId: 1, projectId: 1, created: -1 } },
  { collection: 'assets', fields: { projectId: 1, created: -1 } },
];

// Creating, reading, renaming, moving, duplicating and deleting one widget, each decided by the
// rank table (rules/workspace-roles.ts) through access.ts. A widget belongs to the owner of its
// project (its creator when uncategorized), so the project's owner keeps the owner rank on it.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import { ForbiddenError, ValidationError } from '../../../http/errors';
import { UNCATEGORIZED, WORKSPACE_MESSAGES } from '../../../../rules/workspace-roles';
import { checkWidgetAction, findWidgetFor, requireProjectAction, requireWidgetAction } from '../access';
import { widgetPermissions, widgets } from '../model';
import type { WidgetDoc } from '../model';
import type { WidgetRole } from '../../../../generated/client/types.gen';
import { forgetCounts } from '../../lists/count-cache';
import { widgetTypes } from './widget-types';
import { checkSettings, defaultSettingsOf } from '../../widget-embed/settings-schemas';
import { feedSettingsSaved } from '../../social-feed/feed-store';

const NAME_MAX = 100;
const COPY_SUFFIX = ' (copy)';

/** A list's kept total (lists/count-cache.ts) counts afresh after a widget comes, goes or moves. */
const forgetWidgetTotals = (ctx: AppContext): void => forgetCounts({ ctx, name: 'widgets' });

const isUncategorized = (projectId: string | null | undefined): boolean => !projectId || projectId === UNCATEGORIZED;

/** The project a widget may be created in or moved to, with its owner (admin rank needed there). */
async function targetProject({ ctx, userId, projectId }: { ctx: AppContext; userId: string; projectId: string }) {
  const { project } = await requireProjectAction({ ctx, userId, projectId, action: 'createWidget', denial: WORKSPACE_MESSAGES.cannotCreateWidget });
  return project;
}

export async function createWidget({
  ctx,
  userId,
  input,
}: {
  ctx: AppContext;
  userId: string;
  input: { type: string; name?: string; projectId?: string | null; settings?: Record<string, unknown> };
}): Promise<WidgetDoc> {
  const type = (await widgetTypes({ ctx })).find((known) => known.type === input.type);
  if (!type) throw new ValidationError(WORKSPACE_MESSAGES.pluginTypeNotFound, { type: WORKSPACE_MESSAGES.pluginTypeNotFound });
  const project = isUncategorized(input.projectId) ? null : await targetProject({ ctx, userId, projectId: input.projectId ?? '' });
  if (input.settings) checkSettings({ type: type.type, settings: input.settings });
  const now = ctx.now().toISOString();
  // Every declared property as sent (the body holds only what WidgetCreateInput declares), then the rules of the named ones.
  const created = await widgets(ctx).insertOne({
    ...input,
    _id: randomUUID(),
    ownerId: project?.ownerId ?? userId,
    projectId: project?._id ?? null,
    name: input.name?.trim() || type.name,
    type: type.type,
    settings: input.settings ?? defaultSettingsOf(type.type),
    views: 0,
    created: now,
    updated: now,
  });
  forgetWidgetTotals(ctx);
  await feedSettingsSaved({ ctx, widget: created });
  return created;
}

/** The widget with the caller's role on it (the project role, else the collaborator's). */
export async function getWidget({ ctx, userId, guid }: { ctx: AppContext; userId: string; guid: string }): Promise<{ widget: WidgetDoc; role: WidgetRole }> {
  const { widget, projectRole, collaboratorRole } = await findWidgetFor({ ctx, userId, guid });
  return { widget, role: projectRole ?? collaboratorRole ?? 'viewer' };
}

export async function updateWidget({
  ctx,
  userId,
  guid,
  input,
}: {
  ctx: AppContext;
  userId: string;
  guid: string;
  input: { name?: string; projectId?: string | null; settings?: Record<string, unknown> };
}): Promise<WidgetDoc> {
  // The named properties have their own rules and ranks; any other declared one is an edit of the widget, kept as sent.
  const { name: _name, projectId: _projectId, settings: _settings, ...declared } = input;
  // One read of the widget and the caller's rank, checked for each action the body asks.
  const access = await findWidgetFor({ ctx, userId, guid });
  const { widget } = access;
  const set: Partial<WidgetDoc> = { ...declared };
  if (Object.keys(declared).length > 0) checkWidgetAction({ access, action: 'editWidget' });
  if (input.name !== undefined) {
    checkWidgetAction({ access, action: 'renameWidget' });
    const name = input.name.trim();
    if (!name) throw new ValidationError('Name is required', { name: 'Name is required' });
    set.name = name;
  }
  if (input.projectId !== undefined) {
    checkWidgetAction({ access, action: 'moveWidget' });
    if (isUncategorized(input.projectId)) {
      throw new ValidationError(WORKSPACE_MESSAGES.moveNeedsProject, { projectId: WORKSPACE_MESSAGES.moveNeedsProject });
    }
    const project = await targetProject({ ctx, userId, projectId: input.projectId ?? '' });
    Object.assign(set, { projectId: project._id, ownerId: project.ownerId });
  }
  if (input.settings !== undefined) {
    checkWidgetAction({ access, action: 'editWidget' });
    checkSettings({ type: widget.type, settings: input.settings });
    set.settings = input.settings;
  }
  set.updated = ctx.now().toISOString();
  const saved = await widgets(ctx).findOneAndUpdate({ _id: widget._id }, { $set: set });
  if (set.projectId !== undefined) forgetWidgetTotals(ctx);
  if (saved && input.settings !== undefined) await feedSettingsSaved({ ctx, widget: saved });
  return saved ?? widget;
}

export async function duplicateWidget({ ctx, userId, guid }: { ctx: AppContext; userId: string; guid: string }): Promise<WidgetDoc> {
  const { widget, projectRole } = await requireWidgetAction({ ctx, userId, guid, action: 'duplicateWidget' });
  // The copy is a new widget of the project: a collaborator on this widget alone could not see it.
  if (!projectRole) throw new ForbiddenError(WORKSPACE_MESSAGES.cannotCreateWidget);
  const now = ctx.now().toISOString();
  const created = await widgets(ctx).insertOne({
    ...widget,
    _id: randomUUID(),
    name: `${widget.name.slice(0, NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
    views: 0,
    created: now,
    updated: now,
  });
  forgetWidgetTotals(ctx);
  await feedSettingsSaved({ ctx, widget: created });
  return created;
}

export async function deleteWidget({ ctx, userId, guid }: { ctx: AppContext; userId: string; guid: string }): Promise<void> {
  const { widget } = await requireWidgetAction({ ctx, userId, guid, action: 'deleteWidget' });
  await widgetPermissions(ctx).deleteMany({ widgetId: widget._id });
  await widgets(ctx).deleteOne({ _id: widget._id });
  forgetWidgetTotals(ctx);
}

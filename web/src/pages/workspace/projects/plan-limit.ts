// The workspace refuses a call over the caller's plan with 403 and `reason: 'planLimit'`
// (openapi/workspace-projects.yaml): the screens open the upgrade popup instead of a toast.
export const PLAN_LIMIT_REASON = 'planLimit';

export const isPlanLimit = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'reason' in error && error.reason === PLAN_LIMIT_REASON;

export const PROJECT_TEXTS = {
  failure: 'Oops, something went wrong',
  settingsLoadFailed: 'Could not load project settings',
  notPermitted: 'Sorry, you are not permitted here please contact project owner.',
  uncategorized: 'Uncategorized Widgets',
} as const;

/** The upgrade entry points open the widgets bundle's plans (paid ones raise the workspace's limits) inside the dashboard. */
export const PRICING_PATH = '/user/dashboard/pricing/widgetsbundle';
/** The same plans as a frame (the upgrade popup): the embed address, which posts its height and the purchase. */
export const PRICING_EMBED_PATH = '/embed/pricing/widgetsbundle';
export const PROJECTS_PATH = '/user/dashboard/projects';
export const projectPath = (projectId: string, page = ''): string => `${PROJECTS_PATH}/${encodeURIComponent(projectId)}${page ? `/${page}` : ''}`;

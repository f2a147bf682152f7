const DASHBOARD = '/user/dashboard';

/** The catalog page: inside a project (uncategorized included) its own route, else the dashboard's. */
export const catalogPath = (projectId?: string): string =>
  projectId ? `${DASHBOARD}/projects/${encodeURIComponent(projectId)}/catalog` : `${DASHBOARD}/catalog`;

// Words of the widget screens: the error toasts of spec 003 section 8 and the links a row opens.

export const WIDGET_TEXTS = {
  loadFailed: 'Could not load plugin list',
  duplicateFailed: 'Could not duplicate plugin',
  deleteFailed: 'Could not delete plugin',
  inviteFailed: 'Could not send invitation',
  deleteInviteFailed: 'Could not delete invitation',
  failure: 'Oops, something went wrong',
  pleaseUpgrade: 'Please Upgrade',
} as const;

/** The widget editor of its catalog app (issue 10 builds it). */
export const editorLink = ({ slug, projectId, guid }: { slug: string; projectId: string | null; guid: string }): string =>
  `/${slug}/editor?${new URLSearchParams({ ...(projectId ? { projectId } : {}), componentId: guid }).toString()}`;

export const analyticsLink = (guid: string): string => `/user/dashboard/analytics/${guid}`;

/** The widget alone on a page (issue 10 renders it there through the installation script). */
export const previewLink = (guid: string): string => `/preview/${guid}`;

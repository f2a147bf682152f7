// The editor's addresses. The widgets list builds the same ones (widgets/texts.ts), but that
// module reads the sidebar's build-time settings, which the editor's unit tests cannot load.
export const editorPath = ({ slug, projectId, guid }: { slug: string; projectId: string | null; guid: string }): string =>
  `/${slug}/editor?${new URLSearchParams({ ...(projectId ? { projectId } : {}), componentId: guid }).toString()}`;

/** The widget alone on a page, drawn by the embed runtime (server/http/embed-pages.ts). */
export const livePreviewPath = (guid: string): string => `/preview/${guid}`;

export const analyticsPath = (guid: string): string => `/user/dashboard/analytics/${guid}`;

// The owner's screen of a form widget's submissions, beside its analytics: linked from the
// widgets list, the editor's bar and the mail sent per submission.
export const submissionsPath = (guid: string): string => `/user/dashboard/submissions/${encodeURIComponent(guid)}`;

/** The widget types whose visitors' submissions are stored (server/services/widget-submissions). */
export const FORM_TYPES: ReadonlySet<string> = new Set(['contact-form', 'email-capture']);

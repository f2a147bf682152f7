// Words of the submissions screen.
export const SUBMISSION_TEXTS = {
  title: (widgetName: string): string => `Submissions: ${widgetName}`,
  untitled: 'Submissions',
  empty: 'No submissions yet',
  emptyHint: 'Add the form to a page of your site: what visitors send through it shows here, and each one is mailed to you.',
  addToSite: 'Add to site',
  exportCsv: 'Export CSV',
  back: '← Back to dashboard',
  deleteTitle: 'Delete submission',
  deleteText: 'Delete this submission? This cannot be undone.',
  deleted: 'Submission deleted',
  failure: 'Could not delete the submission',
  loadFailed: 'Could not load the submissions',
  notFound: 'Widget not found',
  notFoundText: 'This widget does not exist or is not shared with you.',
  notAForm: 'This widget collects no submissions: only contact forms and email captures do.',
} as const;

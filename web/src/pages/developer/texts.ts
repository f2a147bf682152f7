// The developer portal's texts, word for word from spec 000 sections 8 and 9.

export const TEXTS = {
  saving: 'Saving changes...',
  saved: 'Great success! 🎉',
  saveFailed: 'Could not save changes 😕',
  deleting: 'Deleting app...',
  deleted: 'App deleted',
  deleteFailed: 'Could not delete app 😕',
  integrationCreated: 'Integration created',
  integrationFailed: 'Could not create integration',
  webhookUpdateFailed: 'Could not update webhook',
  webhookUpdated: 'Webhook updated successfully',
  noWebhookToDelete: 'No webhook to delete',
  resent: 'Resent message successfully!',
  resendFailed: 'Error resending message, please try again!',
  developerFailed: 'Could not update developer',
  uploadingIcon: 'Uploading icon...',
  fallback: 'Oops, something went wrong',
  noMessages: 'No messages',
  noWebhooks: "You don't have any webhooks yet.",
  comingSoon: 'Coming soon!',
  noKeysNeeded: 'No need to enter any keys. We got you covered.',
} as const;

/** The dashboard's Users card counts installed stores; the Users page lists every store that installed the app. */
export const DASHBOARD_TEXTS = {
  usersCounted: 'Installed now. The Users page also lists stores that uninstalled.',
  appDetails: 'App details',
} as const;

/** The portal's 404 (spec 000 is silent: "not shown"). */
export const NOT_FOUND_TEXTS = {
  page: 'Page not found',
  pageText: 'The address may be mistyped, or the page is not part of this installation.',
  app: 'App not found',
  appText: (appId: string): string => `None of your apps has the id “${appId}”. It may have been deleted, or the address is mistyped.`,
} as const;

/** Loading a provider's connect page failed (spec 000 section 8, "Provider connection"). */
export const providerProblem = (provider: string): string =>
  `There was a problem connecting to this provider, did you set up the integration to ${provider} correctly?`;

/** Copy confirmation: 1 s on the dashboard (CopyField's default 2 s elsewhere). */
export const COPY_MS_DASHBOARD = 1000;
/** Disconnecting an integration navigates back after this delay. */
export const DISCONNECT_BACK_MS = 750;
export const MESSAGES_PAGE_SIZE = 10;
export const CHART_HEIGHT = 250;
// Storage counts bytes; its meter shows them in the unit that fits (issue 27), its maximum 5 GB.
export const METER_MAX = { installations: 500, storageBytes: 5 * 1024 ** 3, requests: 5000 } as const;
export const DOCS_URL = '/docs';

// The texts of spec 002 section 8 (and the validation texts of section 5), shared by the server,
// which answers with them, and the screens, which show them. Kept verbatim: tests and screens
// compare against these strings.

export const BILLING_TOASTS = {
  createFailed: 'Could not create subscription',
  changeFailed: 'Could not change subscription plan',
  checkoutLoadFailed: 'Could not load checkout page',
  planLoadFailed: 'Could not load plan',
} as const;

/** Toasts stay this long (section 9). */
export const BILLING_TOAST_MS = 5000;

export const BILLING_FALLBACKS = {
  checkoutUrl: 'Cannot get checkout url.',
  updatePlan: 'Cannot update subscription plan.',
  cancel: 'Cannot cancel subscription.',
  createBundle: 'Cannot create bundle.',
  updateBundle: 'Cannot update bundle.',
  cancelContactSupport: 'Could not cancel the subscription. Please contact our support team.',
  loadPayments: 'Could not load payments',
} as const;

export const BILLING_MESSAGES = {
  trialChange: "You can't change plans during the trial period. Please cancel your subscription and select a new plan.",
  freePlanChange: 'Please cancel the subscription through the dashboard.',
  updated: 'Your subscription has been updated successfully',
  cancelled: 'Your subscription has been cancelled successfully',
  created: 'Your subscription has been successfully created',
  stateInvalid: 'State field is invalid.',
  cancelConfirm: 'Are you sure you want to cancel this subscription?',
  plansLoadFailed: 'Cannot load plans. Please contact support.',
  pluginTypeNotFound: 'Plugin type not found',
} as const;

/** An update-plan error containing this opens the Change Plan popup instead of a toast (section 8). */
export const LESS_WIDGETS_MARKER = 'less widgets';

/** The refusal when the new widgets-bundle plan allows fewer widgets than the user has. */
export const lessWidgetsMessage = ({ inUse, allowed }: { inUse: number; allowed: number }): string =>
  `The plan you chose has less widgets (${allowed}) than you use (${inUse}). Please remove ${inUse - allowed} widget(s) or choose a bigger plan.`;

/** Mini-bundle over its limit when selecting (section 5). */
export const bundleSupportsMessage = (limit: number): string =>
  `The bundle you chose supports ${limit} apps. Please upgrade to a higher plan to add more apps.`;

/** Mini-bundle holding more apps than its plan allows (section 5). */
export const removeAppsMessage = (excess: number): string => `Please remove ${excess} app(s) or upgrade to a higher plan.`;

export const isLessWidgetsError = (message: string): boolean => message.includes(LESS_WIDGETS_MARKER);

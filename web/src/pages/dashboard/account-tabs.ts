// The Account page's tabs, each at /user/dashboard/account?tab={id} (spec 003 "Account").
export const ACCOUNT_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'api', label: 'API Access' },
  { id: 'password', label: 'Change Password' },
  { id: 'security', label: 'Security' },
] as const;

export type TabId = (typeof ACCOUNT_TABS)[number]['id'];

// The dashboard's How to Start checklist and its completion rules (spec 000 section 4).

export type StepKey = 'authentication' | 'integrations' | 'webhooks' | 'docs' | 'community';

export interface ChecklistStep {
  key: StepKey;
  title: string;
  description: string;
  done: boolean;
  /** App page to open, for the first three steps; external link otherwise. */
  page?: 'authentication' | 'integrations' | 'webhooks';
  href?: string;
}

export function checklist({ authCallback, anyIntegrationComplete, docsUrl, communityUrl }: {
  authCallback?: string | null;
  anyIntegrationComplete: boolean;
  docsUrl: string;
  communityUrl: string;
}): ChecklistStep[] {
  return [
    { key: 'authentication', title: 'Set up authentication', description: 'Tell us where to send store owners after they install your app.', done: Boolean(authCallback?.trim()), page: 'authentication' },
    { key: 'integrations', title: 'Connect an integration', description: 'Choose the platforms your app works with and enter their keys.', done: anyIntegrationComplete, page: 'integrations' },
    { key: 'webhooks', title: 'Add webhooks', description: 'Receive events when something happens in a store.', done: false, page: 'webhooks' },
    { key: 'docs', title: 'Read the docs', description: 'Learn the API your app can call.', done: false, href: docsUrl },
    { key: 'community', title: 'Join the community', description: 'Ask questions and share what you build.', done: false, href: communityUrl },
  ];
}

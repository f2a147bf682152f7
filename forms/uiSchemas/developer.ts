// uiSchemas of the developer portal screens (spec 000): app creation, App Info, Authentication,
// Developer Info and webhook add. Permissions and integration credentials build theirs
// from the data (web/src/pages/developer/lib/scopes.ts, integrations/credentials-form.ts).
import type { UiSchema } from '@rjsf/utils';
import { UPLOAD_MAX_MB } from '../../rules/uploads';

const url = (placeholder: string): UiSchema => ({ 'ui:placeholder': placeholder, 'ui:options': { inputType: 'url' } });
const email = (placeholder: string): UiSchema => ({ 'ui:placeholder': placeholder, 'ui:options': { inputType: 'email' } });

export const developerUiSchemas: Record<string, UiSchema> = {
  AppCreateInput: {
    name: { 'ui:title': 'App name', 'ui:placeholder': 'My awesome app', 'ui:autofocus': true, 'ui:help': '3 to 50 characters.' },
  },
  AppUpdateInput: {
    'ui:order': ['name', 'status', '*'],
    name: { 'ui:title': 'Name', 'ui:help': '3 to 50 characters.' },
    status: { 'ui:title': 'Status', 'ui:widget': 'select', 'ui:enumNames': ['Published', 'Draft'], 'ui:help': 'Published apps appear in the public catalog.' },
  },
  AppEndpoints: {
    authCallback: { ...url('https://your-app.com/auth/callback'), 'ui:help': 'After approving, store owners come back here with a one-time code.' },
    authErrorCallback: { ...url('https://your-app.com/auth/error'), 'ui:help': 'Optional. Where store owners go when the installation fails or is declined.' },
    checkoutSuccess: { ...url('https://your-app.com/checkout/success'), 'ui:title': 'Checkout success URL', 'ui:help': 'Optional. Where buyers go after a successful payment.' },
    checkoutFailure: { ...url('https://your-app.com/checkout/failure'), 'ui:title': 'Checkout failure URL', 'ui:help': 'Optional. Where buyers go when the payment fails.' },
  },
  DeveloperInfoForm: {
    // No ui:order: the profile's properties in document order, then the link kinds (developer-form.ts).
    name: { 'ui:title': 'Name', 'ui:placeholder': 'Your name or company' },
    email: { ...email('you@company.com'), 'ui:title': 'Email' },
    caption: { 'ui:title': 'Caption', 'ui:placeholder': 'One line about you' },
    description: { 'ui:title': 'Description', 'ui:widget': 'textarea', 'ui:options': { rows: 4 } },
    fullAddress: { 'ui:title': 'Full address' },
    thumbnail: { 'ui:title': 'Logo', 'ui:widget': 'imageUpload', 'ui:options': { accept: 'image/*', maxMb: UPLOAD_MAX_MB, uploadingText: 'Uploading logo...' } },
    supportEmail: { ...email('support@company.com'), 'ui:title': 'Support email' },
    emergencyEmail: { ...email('oncall@company.com'), 'ui:title': 'Emergency email' },
    website: { ...url('https://company.com'), 'ui:title': 'Website' },
    github: { ...url('https://github.com/you'), 'ui:title': 'GitHub' },
    linkedin: { ...url('https://linkedin.com/in/you'), 'ui:title': 'LinkedIn' },
    twitter: { ...url('https://twitter.com/you'), 'ui:title': 'Twitter' },
    facebook: { ...url('https://facebook.com/you'), 'ui:title': 'Facebook' },
  },
  WebhookCreateInput: {
    url: { ...url('https://your-app.com/webhooks'), 'ui:title': 'URL', 'ui:autofocus': true },
  },
};

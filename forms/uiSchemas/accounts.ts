// uiSchemas of the account screens: login, signup, forgot/reset, developer join, two-factor.
// Fields the page fills itself (captcha token, redirect, route token) are left out of the
// form schema by the pages, so they need no entry here.
import type { UiSchema } from '@rjsf/utils';

const email: UiSchema = {
  'ui:title': 'Email',
  'ui:placeholder': 'you@company.com',
  'ui:autocomplete': 'email',
  'ui:autofocus': true,
  'ui:options': { inputType: 'email' },
};

/** The terms checkbox added to the signup and developer-join forms (not part of the request). */
export const termsField = ({ label, link }: { label: string; link?: { href: string; text: string } }): UiSchema => ({
  'ui:widget': 'checkbox',
  'ui:options': link ? { link } : {},
  'ui:title': label,
});

export const accountsUiSchemas: Record<string, UiSchema> = {
  AccountLoginBody: {
    'ui:order': ['username', 'password', '*'],
    username: email,
    password: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password', 'ui:placeholder': 'Your password' },
  },
  AccountRegisterBody: {
    'ui:order': ['username', 'fullName', 'password', 'terms', '*'],
    username: email,
    fullName: { 'ui:placeholder': 'Jane Doe', 'ui:autocomplete': 'name' },
    password: { 'ui:widget': 'passwordStrength', 'ui:placeholder': 'At least 5 characters' },
    terms: termsField({ label: 'I agree to the Terms of Service' }),
  },
  AccountForgotPasswordBody: {
    email,
  },
  AccountResetPasswordBody: {
    password: { 'ui:widget': 'passwordStrength', 'ui:autofocus': true },
  },
  AccountDeveloperSignupBody: {
    terms: termsField({ label: 'I have read and agree to the', link: { href: '/developer/terms', text: 'Developer Terms of Service' } }),
  },
  AccountMfaCodeBody: {
    token: { 'ui:title': 'Code from your app', 'ui:placeholder': '123456', 'ui:autocomplete': 'one-time-code', 'ui:options': { inputMode: 'numeric' } },
  },
  AccountMfaDisableBody: {
    password: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password', 'ui:help': 'Or leave it empty and give a code from your app.' },
    token: { 'ui:title': 'Code from your app', 'ui:placeholder': '123456', 'ui:autocomplete': 'one-time-code' },
  },
};

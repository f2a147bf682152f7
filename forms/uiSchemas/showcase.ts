import type { UiSchema } from '@rjsf/utils';

export const showcaseUiSchemas: Record<string, UiSchema> = {
  Showcase: {
    'ui:order': ['fullName', 'email', 'password', 'plan', 'avatar', 'emailUpdates', 'address', 'appId', 'appSecret', 'terms', '*'],
    fullName: { 'ui:placeholder': 'Your full name', 'ui:autocomplete': 'name' },
    email: { 'ui:widget': 'email', 'ui:placeholder': 'you@company.com' },
    password: { 'ui:widget': 'passwordStrength' },
    avatar: { 'ui:widget': 'imageUpload', 'ui:options': { maxMb: 3 } },
    emailUpdates: { 'ui:widget': 'switch' },
    appId: { 'ui:widget': 'copy' },
    appSecret: { 'ui:widget': 'secret' },
    terms: { 'ui:widget': 'checkbox', 'ui:options': { link: { href: '/terms', text: 'Terms of Service' } } },
  },
};

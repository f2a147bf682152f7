// uiSchemas of the billing forms (spec 002 section 3): the checkout's billing form beside the
// hosted card fields. The 3-D Secure flag is the checkout's, not the buyer's.
import type { UiSchema } from '@rjsf/utils';

export const billingUiSchemas: Record<string, UiSchema> = {
  BillingForm: {
    'ui:order': ['name', 'companyName', 'country', 'state', 'city', 'zip', 'address', '*'],
    name: { 'ui:placeholder': 'Name on the card', 'ui:autocomplete': 'cc-name' },
    companyName: { 'ui:placeholder': 'Optional', 'ui:autocomplete': 'organization' },
    country: { 'ui:autocomplete': 'country', 'ui:placeholder': 'Choose a country' },
    state: { 'ui:placeholder': 'State or province', 'ui:autocomplete': 'address-level1' },
    city: { 'ui:autocomplete': 'address-level2' },
    zip: { 'ui:autocomplete': 'postal-code' },
    address: { 'ui:placeholder': 'Street and number', 'ui:autocomplete': 'street-address' },
    threeDS: { 'ui:widget': 'hidden' },
  },
};

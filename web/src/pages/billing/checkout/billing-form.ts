// The checkout's billing form: the generated BillingForm schema with the country as a choice of
// the data package's countries, checked in the browser as the server checks it ('State field is
// invalid.' for a US or Canadian state that does not match).
import type { CustomValidator } from '@rjsf/utils';
import { BillingFormSchema } from '../../../../../generated/client/schemas.gen';
import type { BillingForm } from '../../../../../generated/client/types.gen';
import type { JsonSchema } from '../../../../../forms/schemas';
import { BILLING_COUNTRIES, billingAddressErrors } from '../../../../../rules/billing-address';

export const billingFormSchema: JsonSchema = {
  ...BillingFormSchema,
  properties: {
    ...BillingFormSchema.properties,
    country: { ...BillingFormSchema.properties.country, oneOf: BILLING_COUNTRIES.map(({ name, code }) => ({ const: code, title: name })) },
  },
};

export const validateBillingForm: CustomValidator<BillingForm> = (data, errors) => {
  if (!data?.country) return errors;
  const found = billingAddressErrors({ country: data.country, state: data.state });
  if (found.state) errors.state?.addError(found.state);
  if (found.country) errors.country?.addError(found.country);
  return errors;
};

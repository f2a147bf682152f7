// The checkout's billing form: the generated BillingForm schema with the country as a choice of
// the data package's countries (an enum, so nothing is chosen until the buyer picks), checked in
// the browser as the server checks it ('State field is invalid.' for a US or Canadian state that
// does not match).
import type { CustomValidator, UiSchema } from '@rjsf/utils';
import { BillingFormSchema } from '../../../../../generated/schemas/BillingForm';
import type { BillingForm } from '../../../../../generated/client/types.gen';
import { schemaOf } from '../../../../../forms/schemas';
import type { JsonSchema } from '../../../../../forms/schemas';
import { billingUiSchemas } from '../../../../../forms/uiSchemas/billing';
import { BILLING_COUNTRIES, billingAddressErrors } from '../../../../../rules/billing-address';

// The schema's description speaks to developers; the buyer sees the fields alone.
const { description: _forDevelopers, ...formSchema } = schemaOf(BillingFormSchema);
const properties = formSchema.properties as Readonly<Record<string, JsonSchema>>;

export const billingFormSchema: JsonSchema = {
  ...formSchema,
  properties: {
    ...properties,
    country: { ...properties.country, enum: BILLING_COUNTRIES.map(({ code }) => code) },
  },
};

export const billingFormUiSchema: UiSchema = {
  country: { ...billingUiSchemas.BillingForm.country, 'ui:enumNames': BILLING_COUNTRIES.map(({ name }) => name) },
};

export const validateBillingForm: CustomValidator<BillingForm> = (data, errors) => {
  if (!data?.country) return errors;
  const found = billingAddressErrors({ country: data.country, state: data.state });
  if (found.state) errors.state?.addError(found.state);
  if (found.country) errors.country?.addError(found.country);
  return errors;
};

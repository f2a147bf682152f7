// Settings tab (spec 001 section 2): the app's checkout success and failure URLs, both
// optional: AppEndpoints' `checkout` part (x-ui.forms), filled from the app's endpoints and
// saved with PUT /apps/{appId} as the form holds them (a cleared URL sent empty).
import { useMemo } from 'react';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { formPartSchema } from '../../../../../forms/resource/form-parts';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { editedValues } from '../../../../../forms/resource/form-values';
import { schemaOf } from '../../../../../forms/schemas';
import { SAVE_TOASTS, saveApp, useApp } from '../lib/use-app';
import { Loading } from '../../../components/Loading';
import { checkCheckoutUrls } from './lib/checkout-urls';
import type { CheckoutUrls } from './lib/checkout-urls';
import { AppEndpointsSchema } from '../../../../../generated/schemas/AppEndpoints';

export function SettingsTab({ appId }: { appId: string }) {
  const appQuery = useApp(appId);
  const app = appQuery.data?.data;
  const schema = useMemo(() => formPartSchema({ schema: schemaOf(AppEndpointsSchema), part: 'checkout' }), []);
  const initial = app ? formValuesOf<CheckoutUrls>({ schema, record: app.endpoints }) : {};
  return (
    <section className="dp-card" aria-label="Checkout settings">
      <h2>Checkout</h2>
      <p className="dp-muted" style={{ marginTop: 0 }}>Where buyers land after paying for a plan, or when the payment fails. Both are optional.</p>
      <Loading active={appQuery.isPending}>{app && (
        <SchemaForm<CheckoutUrls>
          key={app.updated}
          entry={AppEndpointsSchema}
          schema={schema}
          formData={initial}
          customValidate={checkCheckoutUrls}
          submitText="Save"
          toasts={SAVE_TOASTS}
          onSubmit={(data) => saveApp({ appId, body: { endpoints: editedValues({ schema, initial, data }) } })}
        />
      )}</Loading>
    </section>
  );
}

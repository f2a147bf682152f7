// Settings tab (spec 001 section 2): the app's checkout success and failure URLs, both
// optional, saved with PUT /apps/{appId} as endpoints.
import { useMemo } from 'react';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { pickSchema } from '../lib/schema';
import { SAVE_TOASTS, saveApp, useApp } from '../lib/use-app';
import { Loading } from '../../../components/Loading';
import { checkCheckoutUrls } from './lib/checkout-urls';
import type { CheckoutUrls } from './lib/checkout-urls';

export function SettingsTab({ appId }: { appId: string }) {
  const appQuery = useApp(appId);
  const app = appQuery.data?.data;
  const schema = useMemo(() => pickSchema({ name: 'AppEndpoints', keys: ['checkoutSuccess', 'checkoutFailure'] }), []);
  return (
    <section className="dp-card" aria-label="Checkout settings">
      <h2>Checkout</h2>
      <p className="dp-muted" style={{ marginTop: 0 }}>Where buyers land after paying for a plan, or when the payment fails. Both are optional.</p>
      <Loading active={appQuery.isPending}>{app && (
        <SchemaForm<CheckoutUrls>
          key={app.updated}
          schemaName="AppEndpoints"
          schema={schema}
          formData={{ checkoutSuccess: app.endpoints.checkoutSuccess ?? '', checkoutFailure: app.endpoints.checkoutFailure ?? '' }}
          customValidate={checkCheckoutUrls}
          submitText="Save"
          toasts={SAVE_TOASTS}
          onSubmit={(data) => saveApp({
            appId,
            body: { endpoints: { checkoutSuccess: (data.checkoutSuccess ?? '').trim(), checkoutFailure: (data.checkoutFailure ?? '').trim() } },
          })}
        />
      )}</Loading>
    </section>
  );
}

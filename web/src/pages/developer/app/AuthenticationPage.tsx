// Authentication (spec 000 section 2): copyable Connect URL, Redirect URL (required, trimmed)
// and Error Redirect URL: AppEndpoints' `authentication` part (x-ui.forms).
import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { AppEndpoints } from '../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { CopyField } from '../../../../../forms/components/CopyField';
import { formPartSchema } from '../../../../../forms/resource/form-parts';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { editedValues } from '../../../../../forms/resource/form-values';
import { schemaOf } from '../../../../../forms/schemas';
import { SAVE_TOASTS, saveApp, useApp } from '../lib/use-app';
import { Loading } from '../../../components/Loading';
import { PageHead } from '../ui/PageHead';
import { AppEndpointsSchema } from '../../../../../generated/schemas/AppEndpoints';

export default function AuthenticationPage() {
  const { appId = '' } = useParams();
  const appQuery = useApp(appId);
  const app = appQuery.data?.data;
  const schema = useMemo(() => formPartSchema({ schema: schemaOf(AppEndpointsSchema), part: 'authentication' }), []);
  const initial = app ? formValuesOf<AppEndpoints>({ schema, record: app.endpoints }) : {};
  return (
    <div className="dp-stack">
      <PageHead title="Authentication" text="Where store owners start installing your app, and where we send them back." />
      <Loading active={appQuery.isPending}>{app && (
        <>
          <section className="dp-card dp-stack">
            <h2>Connect URL</h2>
            <p className="dp-muted" style={{ margin: 0 }}>Send store owners here to install your app. You may append ?state=… and get it back on the redirect.</p>
            <CopyField value={app.connectUrl} label="Connect URL" />
          </section>
          <section className="dp-card">
            <h2>Redirect URLs</h2>
            <SchemaForm<AppEndpoints>
              key={app.updated}
              entry={AppEndpointsSchema}
              schema={schema}
              formData={initial}
              submitText="Save"
              toasts={SAVE_TOASTS}
              onSubmit={(data) => saveApp({ appId, body: { endpoints: editedValues({ schema, initial, data }) } })}
            />
          </section>
        </>
      )}</Loading>
    </div>
  );
}

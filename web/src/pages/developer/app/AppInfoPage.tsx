// App Info (spec 000 section 2): name, status, icon upload, read-only App ID and App Secret,
// and App Deletion behind a confirm popup (then back to /developer/apps). The Details form is
// AppUpdateInput's `details` part (x-ui.forms), so a property added to it shows and refills here.
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { deleteApp } from '../../../../../generated/client/sdk.gen';
import type { AppUpdateInput } from '../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { formPartSchema } from '../../../../../forms/resource/form-parts';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { editedValues } from '../../../../../forms/resource/form-values';
import { schemaOf } from '../../../../../forms/schemas';
import { callApi } from '../../../../../forms/call-api';
import { CopyField } from '../../../../../forms/components/CopyField';
import { ImageUpload } from '../../../../../forms/components/ImageUpload';
import { checkAppName } from '../lib/app-name';
import { SAVE_TOASTS, saveApp, useApp } from '../lib/use-app';
import { withToasts } from '../lib/toasts';
import { refresh } from '../lib/queries';
import { TEXTS } from '../texts';
import { UPLOAD_MAX_MB } from '../../../../../rules/uploads';
import { Spinner, useLinger } from '../../../components/Loading';
import { PageHead } from '../ui/PageHead';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { AppUpdateInputSchema } from '../../../../../generated/schemas/AppUpdateInput';

export default function AppInfoPage() {
  const { appId = '' } = useParams();
  const navigate = useNavigate();
  const appQuery = useApp(appId);
  const app = appQuery.data?.data;
  const loading = useLinger(appQuery.isPending);
  const [confirming, setConfirming] = useState(false);
  const schema = useMemo(() => formPartSchema({ schema: schemaOf(AppUpdateInputSchema), part: 'details' }), []);

  const remove = async () => {
    const done = await withToasts({ run: () => callApi(deleteApp({ path: { appId } })), pending: TEXTS.deleting, success: TEXTS.deleted, failure: TEXTS.deleteFailed });
    setConfirming(false);
    if (!done) return;
    await refresh('listApps');
    void navigate('/developer/apps');
  };

  if (!app || loading) return <div className="dp-stack"><PageHead title="App Info" />{loading && <div className="loading"><Spinner /></div>}</div>;
  const initial = formValuesOf<AppUpdateInput>({ schema, record: app });
  return (
    <div className="dp-stack">
      <PageHead title="App Info" text="How your app is named and shown, and whether store owners can find it." />
      <div className="dp-grid-2">
        <section className="dp-card">
          <h2>Details</h2>
          <SchemaForm<AppUpdateInput>
            key={app.updated}
            entry={AppUpdateInputSchema}
            schema={schema}
            formData={initial}
            customValidate={checkAppName}
            submitText="Save"
            toasts={SAVE_TOASTS}
            onSubmit={(data) => saveApp({ appId, body: editedValues({ schema, initial, data }) })}
          />
        </section>
        <section className="dp-card dp-stack">
          <h2>Icon</h2>
          <ImageUpload
            value={app.meta.icon}
            label="Upload icon"
            maxMb={UPLOAD_MAX_MB}
            uploadingText={TEXTS.uploadingIcon}
            onUploaded={(url) => void withToasts({
              run: () => saveApp({ appId, body: { meta: { ...app.meta, icon: url, thumbnail: app.meta.thumbnail ?? url } } }),
              success: TEXTS.saved,
              failure: TEXTS.saveFailed,
            })}
          />
          <h2 style={{ marginTop: 8 }}>Credentials</h2>
          <div className="dp-labelled"><span>App ID</span><CopyField value={app.appId} label="App ID" /></div>
          <div className="dp-labelled"><span>App Secret</span><CopyField value={app.secretKey} label="App Secret" secret /></div>
        </section>
      </div>
      <section className="dp-card dp-danger-zone">
        <h2>App Deletion</h2>
        <p className="dp-muted">Deleting the app removes its integrations, webhooks, installations and access tokens. This cannot be undone.</p>
        <button type="button" className="dp-btn danger" onClick={() => setConfirming(true)}>Delete app</button>
      </section>
      <ConfirmPopup danger
        open={confirming}
        title="Delete app"
        text={`Delete ${app.name} for good? Store owners who installed it lose access at once.`}
        confirmText="Delete app"
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </div>
  );
}

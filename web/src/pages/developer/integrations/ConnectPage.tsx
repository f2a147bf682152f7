// An integration's connect page (spec 000 section 2): credential fields, the choice between
// the product's own credentials and custom ones where offered, endpoint URLs to copy, a docs
// link, Save, and disconnect with confirmation (then back after 750 ms). The form draws, beside
// the platform's key fields, every property of IntegrationInput's own form part (its x-ui.forms),
// refilled from the app's Integration record and sent in the body.
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { saveAppIntegration } from '../../../../../generated/client/sdk.gen';
import type { IntegrationKeys } from '../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { formPartSchema } from '../../../../../forms/resource/form-parts';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { schemaOf } from '../../../../../forms/schemas';
import { callApi } from '../../../../../forms/call-api';
import { CopyField } from '../../../../../forms/components/CopyField';
import { useBrand } from '../../../layouts/use-brand';
import { appPath } from '../shell/menu';
import { refresh } from '../lib/queries';
import { withToasts } from '../lib/toasts';
import { DISCONNECT_BACK_MS, TEXTS, providerProblem } from '../texts';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { connectFormSchema, credentialsSchema, credentialsUiSchema, splitConnectValues } from './credentials-form';

type Values = Record<string, unknown>;
import { useIntegrations } from './use-integrations';
import { useProviderLoadToast } from './use-provider-load-toast';
import { IntegrationInputSchema } from '../../../../../generated/schemas/IntegrationInput';
import { runtimeEntry } from '../../../../../forms/schemas';

export default function ConnectPage() {
  const { appId = '', subPage = 'ecommerce', platform: name = '' } = useParams();
  const navigate = useNavigate();
  const brand = useBrand();
  const { platforms, integrations, byPlatform } = useIntegrations(appId);
  const platform = platforms.data?.data.find((p) => p.name === name);
  useProviderLoadToast({ error: platforms.error ?? integrations.error, title: providerProblem(platform?.displayName ?? name) });
  const integration = byPlatform.get(name);
  const [system, setSystem] = useState<boolean>();
  const useSystem = platform?.hasSystemIntegration === true && (system ?? integration?.useSystemIntegration ?? true);
  const [disconnecting, setDisconnecting] = useState(false);
  const back = appPath(appId, 'integrations', subPage);
  const fields = useMemo(() => platform?.fields ?? [], [platform]);
  const needsKeys = !useSystem && fields.some((f) => f.type !== 'hidden');
  const settings = useMemo(() => formPartSchema({ schema: schemaOf(IntegrationInputSchema), part: 'settings' }), []);
  const hasSettings = Object.keys((settings as { properties?: object }).properties ?? {}).length > 0;
  const schema = useMemo(() => connectFormSchema({ keys: credentialsSchema(needsKeys ? fields : []), settings }), [fields, needsKeys, settings]);
  const uiSchema = useMemo(() => credentialsUiSchema(needsKeys ? fields : []), [fields, needsKeys]);
  const formData = useMemo<Values>(
    () => ({ ...(needsKeys ? integration?.platformAppKeys : {}), ...(integration ? formValuesOf<Values>({ schema: settings, record: integration }) : {}) }),
    [integration, needsKeys, settings],
  );

  const save = async (values: Values) => {
    const { keys, own } = splitConnectValues({ values, settings });
    const platformAppKeys: IntegrationKeys = needsKeys ? keys : {};
    const result = await callApi(saveAppIntegration({ path: { appId, platform: name }, body: { ...own, platformAppKeys, isActive: true, useSystemIntegration: useSystem } }));
    await refresh('listAppIntegrations');
    return result;
  };
  const toasts = { pending: TEXTS.saving, success: (r: { message: string }) => r.message || TEXTS.integrationCreated, error: TEXTS.integrationFailed };

  const disconnect = async () => {
    const done = await withToasts({
      run: () => callApi(saveAppIntegration({ path: { appId, platform: name }, body: { platformAppKeys: {}, isActive: false, useSystemIntegration: false } })),
      success: 'Integration disconnected',
      failure: TEXTS.integrationFailed,
    });
    setDisconnecting(false);
    if (!done) return;
    await refresh('listAppIntegrations');
    setTimeout(() => navigate(back), DISCONNECT_BACK_MS);
  };

  if (!platform) return <div className="dp-stack"><Link to={back} className="dp-muted">← Integrations</Link>{platforms.isSuccess && <p className="dp-card dp-empty">Provider doesn't exists</p>}</div>;
  return (
    <div className="dp-stack">
      <header className="page-header">
        <div className="dp-row">
          <div className="dp-thumb">{platform.icon ? <img src={platform.icon} alt="" /> : platform.displayName.charAt(0)}</div>
          <div>
            <Link to={back} className="dp-muted">← Integrations</Link>
            <h1>{platform.displayName} {integration?.connected && <span className="dp-badge ok">Connected</span>}</h1>
          </div>
        </div>
        <div className="dp-row">
          <a className="dp-btn" href={platform.docsUrl} target="_blank" rel="noreferrer">Docs ↗</a>
          {integration?.isActive && <button type="button" className="dp-btn danger" onClick={() => setDisconnecting(true)}>Disconnect</button>}
        </div>
      </header>
      <div className="dp-grid-2">
        <section className="dp-card dp-stack" aria-label="Credentials">
          <h2>Credentials</h2>
          {platform.hasSystemIntegration && (
            <div className="dp-seg" role="radiogroup" aria-label="Credentials to use">
              <button type="button" role="radio" aria-checked={useSystem} className={useSystem ? 'active' : ''} onClick={() => setSystem(true)}>Use {brand} credentials</button>
              <button type="button" role="radio" aria-checked={!useSystem} className={!useSystem ? 'active' : ''} onClick={() => setSystem(false)}>Use my own credentials</button>
            </div>
          )}
          {!needsKeys && <p className="dp-muted" style={{ margin: 0 }}>{TEXTS.noKeysNeeded}</p>}
          {needsKeys || hasSettings ? (
            <SchemaForm<Values>
              key={`${integration?.updated ?? 'new'}-${String(useSystem)}`}
              entry={runtimeEntry({ name: 'DeveloperIntegrationForm', schema: schema })}
              uiSchema={uiSchema}
              formData={formData}
              submitText={integration?.isActive ? 'Save' : 'Connect'}
              toasts={toasts}
              onSubmit={save}
            />
          ) : (
            <>
              <div><button type="button" className="dp-btn primary" onClick={() => void withToasts({ run: () => save({}), pending: TEXTS.saving, success: (r) => r.message || TEXTS.integrationCreated, failure: TEXTS.integrationFailed })}>{integration?.isActive ? 'Save' : 'Connect'}</button></div>
            </>
          )}
        </section>
        <section className="dp-card dp-stack" aria-label="Endpoints">
          <h2>Endpoint URLs</h2>
          <p className="dp-muted" style={{ margin: 0 }}>Paste these into your {platform.displayName} app settings.</p>
          {platform.endpoints.length === 0 && <p className="dp-muted">No endpoints needed.</p>}
          {platform.endpoints.map((e) => (
            <div key={e.label} className="dp-stack" style={{ gap: 6 }}>
              <strong style={{ fontSize: 13 }}>{e.label}</strong>
              <CopyField value={e.value} label={e.label} />
            </div>
          ))}
        </section>
      </div>
      <ConfirmPopup danger
        open={disconnecting}
        title={`Disconnect ${platform.displayName}`}
        text="The saved keys are removed and the integration stops working until you connect it again."
        confirmText="Disconnect"
        onCancel={() => setDisconnecting(false)}
        onConfirm={disconnect}
      />
    </div>
  );
}

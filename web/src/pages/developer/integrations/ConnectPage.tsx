// An integration's connect page (spec 000 section 2): credential fields, the choice between
// the product's own credentials and custom ones where offered, endpoint URLs to copy, a docs
// link, Save, and disconnect with confirmation (then back after 750 ms).
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { saveAppIntegration } from '../../../../../generated/client/sdk.gen';
import type { IntegrationKeys } from '../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { callApi } from '../../../../../forms/call-api';
import { CopyField } from '../../../../../forms/components/CopyField';
import { useBrand } from '../../../layouts/use-brand';
import { appPath } from '../shell/menu';
import { refresh } from '../lib/queries';
import { withToasts } from '../lib/toasts';
import { DISCONNECT_BACK_MS, TEXTS, providerProblem } from '../texts';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { credentialsSchema, credentialsUiSchema } from './credentials-form';
import { useIntegrations } from './use-integrations';
import { useProviderLoadToast } from './use-provider-load-toast';

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
  const schema = useMemo(() => credentialsSchema(fields), [fields]);
  const uiSchema = useMemo(() => credentialsUiSchema(fields), [fields]);

  const save = async (platformAppKeys: IntegrationKeys) => {
    const result = await callApi(saveAppIntegration({ path: { appId, platform: name }, body: { platformAppKeys, isActive: true, useSystemIntegration: useSystem } }));
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
  const needsKeys = !useSystem && fields.some((f) => f.type !== 'hidden');
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
          {needsKeys ? (
            <SchemaForm<IntegrationKeys>
              key={`${integration?.updated ?? 'new'}-${String(useSystem)}`}
              schemaName="DeveloperIntegrationForm"
              schema={schema}
              uiSchema={uiSchema}
              formData={integration?.platformAppKeys ?? {}}
              submitText={integration?.isActive ? 'Save' : 'Connect'}
              toasts={toasts}
              onSubmit={save}
            />
          ) : (
            <>
              <p className="dp-muted" style={{ margin: 0 }}>{TEXTS.noKeysNeeded}</p>
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

// The app install consent page, reached through an app's Connect URL
// ({publicUrl}/install/{appId}[?state=...]): a signed-in store owner sees the app and the
// scopes it asks for, then approves (back to the app's Redirect URL with a one-time code)
// or declines (to its Error Redirect URL).
import { useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getAppInstallInfoOptions, getSessionOptions } from '../../../../generated/client/@tanstack/react-query.gen';
import { approveAppInstall, denyAppInstall } from '../../../../generated/client/sdk.gen';
import { callApi } from '../../../../forms/call-api';
import { useBrand } from '../../layouts/use-brand';
import { errorMessage, showError } from '../developer/lib/toasts';
import { scopeLabel } from './scope-label';
import '../developer/developer.css';
import './install.css';

export default function InstallConsentPage() {
  const { appId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const brand = useBrand();
  const state = params.get('state') ?? undefined;
  const [busy, setBusy] = useState(false);
  const session = useQuery(getSessionOptions());
  const signedIn = Boolean(session.data?.data);
  const info = useQuery({ ...getAppInstallInfoOptions({ path: { appId } }), enabled: signedIn });

  if (session.isPending) return <div className="dp-center dp-muted">Loading…</div>;
  if (!signedIn) return <Navigate to={`/login?redirectUrl=${encodeURIComponent(location.pathname + location.search)}`} replace />;

  const decide = async (approve: boolean) => {
    setBusy(true);
    try {
      const call = approve ? approveAppInstall({ path: { appId }, body: { state } }) : denyAppInstall({ path: { appId }, body: { state } });
      const result = await callApi(call);
      window.location.assign(result.data.redirectUrl);
    } catch (error) {
      showError({ title: 'Could not complete the installation', error });
      setBusy(false);
    }
  };

  const app = info.data?.data;
  return (
    <main className="dp-install dp-center">
      <section className="dp-card install-card" aria-label="Install app">
        <div className="install-brand">{brand}</div>
        {info.isError && <p className="dp-error" role="alert">{errorMessage(info.error)}</p>}
        {app && (
          <>
            <div className="install-apps" aria-hidden>
              <div className="dp-thumb">{app.icon ? <img src={app.icon} alt="" /> : app.name.charAt(0).toUpperCase()}</div>
              <span className="install-link">⇄</span>
              <div className="dp-thumb install-us">{brand.charAt(0)}</div>
            </div>
            <h1>Install {app.name}</h1>
            <p className="dp-muted">by {app.developerName || 'an independent developer'}</p>
            {app.installed && <p className="alert alert-info">Already installed: approving again signs the app in anew.</p>}
            <div className="install-scopes">
              <strong>{app.name} will be able to:</strong>
              {app.scopes.length === 0 ? <p className="dp-muted">See basic information about your store.</p> : (
                <ul>{app.scopes.map((s) => <li key={s} data-scope={s}>{scopeLabel(s)}</li>)}</ul>
              )}
            </div>
            {!app.ready && <p className="dp-error">This app is not ready to be installed yet</p>}
            <div className="dp-row" style={{ justifyContent: 'flex-end' }}>
              <button type="button" className="dp-btn" disabled={busy} onClick={() => void decide(false)}>Cancel</button>
              <button type="button" className="dp-btn primary" disabled={busy || !app.ready} onClick={() => void decide(true)}>Install app</button>
            </div>
          </>
        )}
      </section>
    </main>
  );
}

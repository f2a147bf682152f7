// Integrations (spec 000 section 2): tabs E-Commerce, Payments, Storage; platform cards
// sorted by order, highest first; 'Coming soon!' for an empty tab; Connected badge and
// a Connect button that reads Edit once active.
import { Link, NavLink, useParams } from 'react-router';
import { appPath } from '../shell/menu';
import { errorMessage } from '../lib/toasts';
import { TEXTS } from '../texts';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { PageHead } from '../ui/PageHead';
import { INTEGRATION_TABS, platformsOf, tabOf } from './tabs';
import { useIntegrations } from './use-integrations';
import { useProviderLoadToast } from './use-provider-load-toast';

export default function IntegrationsPage() {
  const { appId = '', subPage } = useParams();
  const tab = tabOf(subPage);
  const { platforms, integrations, byPlatform } = useIntegrations(appId);
  useProviderLoadToast({ error: platforms.error ?? integrations.error, title: TEXTS.fallback });
  const shown = platformsOf(platforms.data?.data ?? [], tab);
  return (
    <div className="dp-stack">
      <PageHead title="Integrations" text="Connect the platforms your app works with." />
      <nav className="dp-tabs" aria-label="Integration types">
        {INTEGRATION_TABS.map((t) => (
          <NavLink key={t.slug} to={appPath(appId, 'integrations', t.slug)} className={t.slug === tab ? 'active' : ''}>{t.label}</NavLink>
        ))}
      </nav>
      {platforms.isError && <p className="dp-error" role="alert">{errorMessage(platforms.error)}</p>}
      <Loading active={platforms.isPending}>
      {platforms.isSuccess && shown.length === 0 && <EmptyState title={TEXTS.comingSoon} />}
      <div className="dp-grid">
        {shown.map((platform) => {
          const integration = byPlatform.get(platform.name);
          return (
            <article key={platform.name} className="dp-card dp-app-card" data-platform={platform.name}>
              <div className="dp-row" style={{ justifyContent: 'space-between' }}>
                <div className="dp-thumb">{platform.icon ? <img src={platform.icon} alt="" /> : platform.displayName.charAt(0)}</div>
                {integration?.connected && <span className="dp-badge ok">Connected</span>}
              </div>
              <div>
                <h2 style={{ margin: 0 }}>{platform.displayName}</h2>
                <p className="dp-muted" style={{ margin: '4px 0 0', fontSize: 13 }}>{platform.description || TEXTS.noDescription}</p>
              </div>
              <Link className={`dp-btn${integration?.isActive ? '' : ' primary'}`} to={appPath(appId, 'integrations', `${tab}/${platform.name}`)}>
                {integration?.isActive ? 'Edit' : 'Connect'}
              </Link>
            </article>
          );
        })}
      </div>
      </Loading>
    </div>
  );
}

// Integrations (spec 000 section 2): tabs E-Commerce, Payments, Storage; platform cards
// sorted by order, highest first, drawn from IntegrationPlatform and its x-ui hints; 'Coming
// soon!' for an empty tab; the app's Connected badge and a Connect button that reads Edit once active.
import { Link, NavLink, useParams } from 'react-router';
import { appPath } from '../shell/menu';
import { errorMessage } from '../lib/toasts';
import { TEXTS } from '../texts';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { ResourceCards } from '../../../components/resource/ResourceCards';
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
      <ResourceCards
        schemaName="IntegrationPlatform"
        label="Platforms"
        // Under the page's h1: a card's title is the next level (axe heading-order).
        titleAs="h2"
        records={shown}
        idOf={(platform) => platform.name}
        extra={(platform) => (byPlatform.get(platform.name)?.connected ? <span className="dp-badge ok">Connected</span> : <span />)}
        actions={(platform) => (
          <Link className={`dp-btn${byPlatform.get(platform.name)?.isActive ? '' : ' primary'}`} to={appPath(appId, 'integrations', `${tab}/${platform.name}`)}>
            {byPlatform.get(platform.name)?.isActive ? 'Edit' : 'Connect'}
          </Link>
        )}
      />
      </Loading>
    </div>
  );
}

// Integrations (spec 000 section 2): tabs E-Commerce, Payments, Storage; platform cards
// sorted by order, highest first, drawn from IntegrationPlatform and its x-ui hints; 'Coming
// soon!' for an empty tab; the app's Connected badge, the listed properties of its Integration
// record (Integration's hints), and a Connect button that reads Edit once active.
import { useMemo } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import type { Integration } from '../../../../../generated/client/types.gen';
import { hiddenColumnsOf, resourceColumns } from '../../../../../forms/resource/columns';
import { schemaOf } from '../../../../../forms/schemas';
import { appPath } from '../shell/menu';
import { errorMessage } from '../lib/toasts';
import { TEXTS } from '../texts';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { ResourceCards } from '../../../components/resource/ResourceCards';
import { ResourceDetails } from '../../../components/resource/ResourceDetails';
import { PageHead } from '../ui/PageHead';
import { INTEGRATION_TABS, platformsOf, tabOf } from './tabs';
import { useIntegrations } from './use-integrations';
import { useProviderLoadToast } from './use-provider-load-toast';
import { IntegrationSchema } from '../../../../../generated/schemas/Integration';
import { IntegrationPlatformSchema } from '../../../../../generated/schemas/IntegrationPlatform';

/** The properties of the app's Integration record a card lists (not those kept under Columns). */
function listedFields(): string[] {
  const schema = schemaOf(IntegrationSchema);
  const hidden = new Set(hiddenColumnsOf({ schema }));
  return resourceColumns({ schema }).map((column) => column.field).filter((field) => !hidden.has(field));
}

/** A connected platform's state on its card: the badge, then what its Integration record lists. */
function ConnectedState({ integration, fields }: { integration: Integration | undefined; fields: ReadonlyArray<string> }) {
  if (!integration?.connected) return <span />;
  return (
    <div className="dp-stack" style={{ gap: 6 }}>
      <span><span className="dp-badge ok">Connected</span></span>
      {fields.length > 0 && <ResourceDetails entry={IntegrationSchema} record={integration as Readonly<Record<string, unknown>>} fields={fields} />}
    </div>
  );
}

export default function IntegrationsPage() {
  const { appId = '', subPage } = useParams();
  const tab = tabOf(subPage);
  const { platforms, integrations, byPlatform } = useIntegrations(appId);
  useProviderLoadToast({ error: platforms.error ?? integrations.error, title: TEXTS.fallback });
  const shown = platformsOf(platforms.data?.data ?? [], tab);
  const fields = useMemo(() => listedFields(), []);
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
        entry={IntegrationPlatformSchema}
        label="Platforms"
        // Under the page's h1: a card's title is the next level (axe heading-order).
        titleAs="h2"
        records={shown}
        idOf={(platform) => platform.name}
        extra={(platform) => <ConnectedState integration={byPlatform.get(platform.name)} fields={fields} />}
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

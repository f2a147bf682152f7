// /developer/apps/{appId}/database/collection/{collectionId}[/{subPage}] and, after a create
// or a rename, /database/{name} (spec 001 section 2): back link, the collection's API endpoint
// to copy (1 s confirmation), and the Documents, Fields and Settings tabs.
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getCollectionOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { DbCollection } from '../../../../../generated/client/types.gen';
import { CopyField } from '../../../../../forms/components/CopyField';
import { Bone, Skeleton, TableSkeleton } from '../../../components/Skeleton';
import { errorMessage } from '../lib/toasts';
import { FieldsTab } from './fields/FieldsTab';
import { SettingsTab } from './settings/SettingsTab';
import { COLLECTION_TABS, collectionPath, collectionTabOf, databasePath } from './paths';
import type { CollectionTab } from './paths';
import { DATABASE_COPY_MS } from './texts';
import './database.css';

// The documents table brings AG Grid: only its tab loads it.
const DocumentsTab = lazy(async () => ({ default: (await import('./documents/DocumentsTab')).DocumentsTab }));

const CONTENT: Record<CollectionTab, ComponentType<{ appId: string; collection: DbCollection }>> = {
  documents: DocumentsTab,
  fields: FieldsTab,
  settings: SettingsTab,
};

/** The app's live API reference (Scalar over its OpenAPI document; docs/public-data-api.md). */
export const referencePath = (appId: string): string => `/api/v1/data/${encodeURIComponent(appId)}/docs`;

/** The public REST API of the collection's documents (docs/public-data-api.md). */
export const collectionEndpoint = ({ origin, appId, name }: { origin: string; appId: string; name: string }): string =>
  `${origin}/api/v1/data/${encodeURIComponent(appId)}/collections/${encodeURIComponent(name)}/documents`;

export default function CollectionPage() {
  const { appId = '', collectionId, name, subPage } = useParams();
  const key = collectionId ?? name ?? '';
  const tab = collectionTabOf(subPage);
  const collection = useQuery(getCollectionOptions({ path: { appId, name: key } }));
  const record = collection.data?.data;
  const Content = CONTENT[tab];

  return (
    <div className="dp-stack">
      <header className="page-header">
        <div>
          <Link to={databasePath(appId)} className="dp-muted">← Database</Link>
          <h1 className="dp-ellipsis">{record?.name ?? 'Collection'}</h1>
        </div>
      </header>
      {collection.isPending && (
        // The endpoint card, the tabs and the table, at their places, until the collection answers.
        <Skeleton label="Loading the collection">
          <Bone height="92px" />
          <Bone height="40px" width="20em" />
          <div className="dp-card"><TableSkeleton label="Loading documents" /></div>
        </Skeleton>
      )}
      {collection.isError && <p className="dp-error" role="alert">{errorMessage(collection.error)}</p>}
      {record && (
        <>
          <section className="dp-card db-endpoint" aria-label="API endpoint">
            <div className="db-endpoint__head">
              <label htmlFor="db-endpoint">API endpoint</label>
              <a href={referencePath(appId)} target="_blank" rel="noreferrer">API reference ↗</a>
            </div>
            <CopyField id="db-endpoint" label="API endpoint" value={collectionEndpoint({ origin: window.location.origin, appId, name: record.name })} confirmMs={DATABASE_COPY_MS} />
          </section>
          <nav className="dp-tabs" aria-label="Collection">
            {COLLECTION_TABS.map((t) => (
              <NavLink key={t.slug} to={collectionPath(appId, record.id, t.slug)} className={t.slug === tab ? 'active' : ''}>{t.label}</NavLink>
            ))}
          </nav>
          <Suspense fallback={<div className="dp-card"><TableSkeleton label="Loading documents" /></div>}>
            <Content appId={appId} collection={record} />
          </Suspense>
        </>
      )}
    </div>
  );
}

// The Documents tab (spec 001 sections 2, 5, 8, 9): the collection's documents in the shared
// resource table, with the new/update form generated from the collection's fields, and the
// DocumentsToolbar beside the search box. Relation columns show the related documents' labels.
// Rows written meanwhile, here or by the public API, show live (use-live-documents.ts).
import { useMemo } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DbCollection } from '../../../../../../generated/client/types.gen';
import { EmptyState } from '../../../../components/EmptyState';
import { ResourceList } from '../../../../components/resource/ResourceList';
import { attributesOf } from '../attributes';
import { collectionPath } from '../paths';
import { DB_TEXTS } from '../texts';
import { documentsResource } from './documents-resource';
import { DocumentsToolbar } from './DocumentsToolbar';
import { relationCells } from './RelationCell';
import { LiveBadge } from './LiveBadge';
import { useLiveDocuments } from './use-live-documents';

export function DocumentsTab({ appId, collection }: { appId: string; collection: DbCollection }) {
  const attributes = useMemo(() => attributesOf(collection), [collection]);
  const description = useMemo(() => documentsResource({ appId, attributes }), [appId, attributes]);
  const path = useMemo(() => ({ appId, name: collection.name }), [appId, collection.name]);
  const cells = useMemo(() => relationCells({ appId, attributes }), [appId, attributes]);
  const live = useLiveDocuments({ appId, name: collection.name });

  if (attributes.length === 0) {
    return (
      <div className="dp-card">
        <EmptyState
          title={DB_TEXTS.noFields}
          text="A document holds a value for each field of its collection."
          action={
            <div className="dp-row">
              <button type="button" className="btn btn-secondary" onClick={() => toast.warning(DB_TEXTS.createFieldFirst)}>New document</button>
              <Link className="btn btn-primary" to={collectionPath(appId, collection.id, 'fields')}>Add a field</Link>
            </div>
          }
        />
      </div>
    );
  }
  return (
    <div className="dp-card">
      <LiveBadge state={live} />
      <ResourceList description={description} path={path} renderCells={cells} toolbar={<DocumentsToolbar appId={appId} collection={collection} />} />
    </div>
  );
}

// The Settings tab (spec 001 sections 2, 4, 8, 9): rename (an unchanged name does nothing; the
// success shows 1300 ms after the server said yes, then the page follows the new name), who
// may use the collection through the public API, and the danger zone.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { deleteCollection, renameCollection } from '../../../../../../generated/client/sdk.gen';
import type { DbCollection, DbCollectionRename } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { SchemaForm } from '../../../../../../forms/SchemaForm';
import { ConfirmPopup } from '../../../../components/ConfirmPopup';
import { refresh } from '../../lib/queries';
import { deriveCollectionName, validateCollectionName } from '../CollectionNamePopup';
import { databasePath, namedCollectionPath } from '../paths';
import { DB_TEXTS, RENAME_SUCCESS_MS } from '../texts';
import { AccessRules } from './AccessRules';
import { DbCollectionRenameSchema } from '../../../../../../generated/schemas/DbCollectionRename';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function SettingsTab({ appId, collection }: { appId: string; collection: DbCollection }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const path = { appId, name: collection.name };

  const rename = async ({ name }: DbCollectionRename) => {
    if (name === collection.name) return;
    await callApi(renameCollection({ path, body: { name } }));
    await pause(RENAME_SUCCESS_MS);
    toast.success(DB_TEXTS.collectionRenamed);
    await refresh('listCollections', 'getCollection');
    void navigate(namedCollectionPath(appId, name), { replace: true });
  };

  return (
    <div className="dp-stack">
      <section className="dp-card" aria-label="Collection name">
        <h2>Collection name</h2>
        <SchemaForm<DbCollectionRename>
          key={collection.name}
          entry={DbCollectionRenameSchema}
          formData={{ name: collection.name }}
          derive={deriveCollectionName}
          customValidate={validateCollectionName}
          submitText="Rename"
          onSubmit={rename}
        />
      </section>
      <AccessRules appId={appId} name={collection.name} />
      <section className="dp-card db-danger" aria-label="Danger zone">
        <h2>Danger zone</h2>
        <p className="dp-muted">Deleting the collection deletes its fields and every document in it. This cannot be undone.</p>
        <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>Delete collection</button>
      </section>
      <ConfirmPopup
        open={deleting}
        title="Delete collection"
        text={`Delete the collection ${collection.name} with all its documents? This cannot be undone.`}
        confirmText="Delete"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          const result = await callApi(deleteCollection({ path }));
          toast.success(result.message || DB_TEXTS.collectionDeleted(collection.name));
          await refresh('listCollections');
          void navigate(databasePath(appId));
        }}
      />
    </div>
  );
}

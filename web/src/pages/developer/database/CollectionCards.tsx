// The collections of an app (spec 001 section 2): one card per collection with View
// Collection, and a Create Collection card opening the create popup. The cards are DbCollection's
// (its `x-ui` hints: the name, then the listed counts), so a property added to it shows on them.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { getCollectionOptions, listCollectionsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { createCollection } from '../../../../../generated/client/sdk.gen';
import type { DbCollection } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { Loading } from '../../../components/Loading';
import { ResourceCards } from '../../../components/resource/ResourceCards';
import { refresh } from '../lib/queries';
import { errorMessage } from '../lib/toasts';
import { CollectionNamePopup } from './CollectionNamePopup';
import { collectionPath, namedCollectionPath } from './paths';
import { DB_TEXTS } from './texts';
import { DbCollectionSchema } from '../../../../../generated/schemas/DbCollection';

type CollectionRecord = Partial<DbCollection> & Pick<DbCollection, 'name'>;

/** Each named collection as read, or its name alone while that read is under way. */
function useCollections(appId: string, names: ReadonlyArray<string>): CollectionRecord[] {
  const reads = useQueries({ queries: names.map((name) => getCollectionOptions({ path: { appId, name } })) });
  return names.map((name, index) => reads[index]?.data?.data ?? { name });
}

export function CollectionCards({ appId }: { appId: string }) {
  const navigate = useNavigate();
  const names = useQuery(listCollectionsOptions({ path: { appId } }));
  const [creating, setCreating] = useState(false);
  const collections = useCollections(appId, names.data?.data ?? []);
  return (
    <Loading active={names.isPending}>
      {names.isError && <p className="dp-error" role="alert">{errorMessage(names.error)}</p>}
      <ResourceCards
        entry={DbCollectionSchema}
        records={collections}
        idOf={(collection) => collection.name}
        label="Collections"
        className="db-cards"
        titleAs="h2"
        actions={(collection) => (
          <Link className="btn btn-secondary" to={collection.id ? collectionPath(appId, collection.id) : namedCollectionPath(appId, collection.name)}>
            {DB_TEXTS.viewCollection}
          </Link>
        )}
        trail={
          <button type="button" className="dp-card db-card db-card--new" onClick={() => setCreating(true)}>
            <span className="db-card__plus" aria-hidden="true">+</span>
            {DB_TEXTS.createCollection}
          </button>
        }
      />
      {creating && (
        <CollectionNamePopup
          title={DB_TEXTS.createCollection}
          submitText="Create"
          toasts={{ success: ({ message }) => message }}
          onSubmit={async ({ name, ...body }) => {
            // The name is the create's path; the body is what else the form holds.
            const result = await callApi(createCollection({ path: { appId, name }, body }));
            await refresh('listCollections');
            void navigate(namedCollectionPath(appId, result.data.name));
            return result;
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </Loading>
  );
}

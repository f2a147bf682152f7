// The collections of an app (spec 001 section 2): one card per collection with View
// Collection, and a Create Collection card opening the naming popup.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getCollectionOptions, listCollectionsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { createCollection } from '../../../../../generated/client/sdk.gen';
import { callApi } from '../../../../../forms/call-api';
import { countOf } from '../../../../../rules/plural';
import { Loading } from '../../../components/Loading';
import { refresh } from '../lib/queries';
import { errorMessage } from '../lib/toasts';
import { CollectionNamePopup } from './CollectionNamePopup';
import { collectionPath, namedCollectionPath } from './paths';
import { DB_TEXTS } from './texts';

function CollectionCard({ appId, name }: { appId: string; name: string }) {
  const collection = useQuery(getCollectionOptions({ path: { appId, name } }));
  const record = collection.data?.data;
  const fields = record?.attributes.length ?? 0;
  return (
    <article className="dp-card db-card" aria-label={name}>
      {/* The name, not the display name: that one is set at creation and a rename leaves it. */}
      <h2 className="dp-ellipsis">{name}</h2>
      <p className="db-card__counts">
        {record ? `${countOf({ count: record.documentCount, one: 'document' })} · ${countOf({ count: fields, one: 'field' })}` : '\u00a0'}
      </p>
      <Link className="btn btn-secondary" to={record ? collectionPath(appId, record.id) : namedCollectionPath(appId, name)}>
        {DB_TEXTS.viewCollection}
      </Link>
    </article>
  );
}

export function CollectionCards({ appId }: { appId: string }) {
  const navigate = useNavigate();
  const names = useQuery(listCollectionsOptions({ path: { appId } }));
  const [creating, setCreating] = useState(false);
  return (
    <Loading active={names.isPending}>
      {names.isError && <p className="dp-error" role="alert">{errorMessage(names.error)}</p>}
      <div className="dp-grid db-cards">
        {(names.data?.data ?? []).map((name) => <CollectionCard key={name} appId={appId} name={name} />)}
        <button type="button" className="dp-card db-card db-card--new" onClick={() => setCreating(true)}>
          <span className="db-card__plus" aria-hidden="true">+</span>
          {DB_TEXTS.createCollection}
        </button>
      </div>
      {creating && (
        <CollectionNamePopup
          title={DB_TEXTS.createCollection}
          submitText="Create"
          toasts={{ success: ({ message }) => message }}
          onSubmit={async ({ name }) => {
            const result = await callApi(createCollection({ path: { appId, name } }));
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
